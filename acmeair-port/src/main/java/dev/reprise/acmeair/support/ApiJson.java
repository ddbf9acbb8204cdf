package dev.reprise.acmeair.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/** The shared JSON mapper (thread-safe) and short helpers around it. */
public final class ApiJson {
    /** Shared mapper; objects keep their fields in insertion order, so output is deterministic. */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private ApiJson() {}

    /** @return a new empty object */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** @return a new empty array */
    public static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    /**
     * @param node a tree
     * @return its compact text
     */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses text stored by this application (the {@code content} columns), which is well-formed.
     *
     * @param text JSON text
     * @return the tree
     */
    public static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
