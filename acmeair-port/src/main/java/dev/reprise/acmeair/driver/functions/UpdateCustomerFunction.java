package dev.reprise.acmeair.driver.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.acmeair.support.ApiJson;
import java.util.Collection;
import java.util.List;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.AbstractFunction;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;

/**
 * {@code ${__updateCustomer}}: the profile of the previous "View Profile" answer with the street
 * number and the postal code each incremented (postal codes above 99999 wrap to 10000) and the
 * password set, as JSON. Port of the Acme-Air driver's {@code UpdateCustomerFunction}.
 */
public class UpdateCustomerFunction extends AbstractFunction {
    @Override
    public String execute(SampleResult previous, Sampler sampler) {
        try {
            JsonNode json = ApiJson.MAPPER.readTree(previous.getResponseDataAsString());
            if (!(json instanceof ObjectNode customer) || !(customer.get("address") instanceof ObjectNode address)) {
                return "{}";
            }
            address.put(
                    "streetAddress1",
                    nextStreetNumber(address.path("streetAddress1").asText()));
            int postalCode = Integer.parseInt(address.path("postalCode").asText());
            address.put("postalCode", Integer.toString(postalCode > 99999 ? 10000 : postalCode + 1));
            customer.put("password", "password");
            return ApiJson.write(customer);
        } catch (JsonProcessingException | RuntimeException e) {
            return "{}";
        }
    }

    private static String nextStreetNumber(String street) {
        int space = street.indexOf(' ');
        return (Integer.parseInt(street.substring(0, space)) + 1) + street.substring(space);
    }

    @Override
    public void setParameters(Collection<CompoundVariable> parameters) {
        // Takes none.
    }

    @Override
    public String getReferenceKey() {
        return "__updateCustomer";
    }

    @Override
    public List<String> getArgumentDesc() {
        return List.of();
    }
}
