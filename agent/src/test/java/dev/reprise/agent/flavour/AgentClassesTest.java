package dev.reprise.agent.flavour;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.commons.ClassRemapper;
import net.bytebuddy.jar.asm.commons.Remapper;
import org.junit.jupiter.api.Test;

/**
 * The agent's classes as a class loader of the application's own gets them: every one, each after
 * its supertypes among them (a class defined before its superclass would resolve the agent's first
 * copy of it), renamed for the flavour.
 */
class AgentClassesTest {
    @Test
    void everyClassComesAfterItsSupertypesAmongThem() {
        Map<String, byte[]> ordered = AgentClasses.inDefinitionOrder(Flavour.AKKA);
        assertTrue(ordered.keySet().containsAll(AgentClasses.names()), "every agent class");
        assertTrue(ordered.containsKey("dev.reprise.agent.RepriseAgent"), "its entry point");
        Set<String> defined = new HashSet<>();
        for (Map.Entry<String, byte[]> c : ordered.entrySet()) {
            ClassReader reader = new ClassReader(c.getValue());
            List<String> supertypes = new ArrayList<>(List.of(reader.getInterfaces()));
            if (reader.getSuperName() != null) {
                supertypes.add(reader.getSuperName());
            }
            for (String type : supertypes) {
                String name = type.replace('/', '.');
                assertTrue(
                        !ordered.containsKey(name) || defined.contains(name),
                        () -> c.getKey() + " comes before its supertype " + name);
            }
            defined.add(c.getKey());
        }
    }

    @Test
    void forPekkoNoneNamesAkkasPackage() {
        assertFalse(namingAkka(Flavour.AKKA).isEmpty(), "as compiled, the agent names Akka's types");
        assertTrue(
                namingAkka(Flavour.PEKKO).isEmpty(),
                () -> "renamed, these still name Akka: " + namingAkka(Flavour.PEKKO));
    }

    /** The agent's classes, as defined for {@code flavour}, that name a type or mangled member of Akka's package. */
    private static Set<String> namingAkka(Flavour flavour) {
        Set<String> naming = new HashSet<>();
        AgentClasses.inDefinitionOrder(flavour).forEach((name, bytes) -> {
            Remapper finder = new Remapper() {
                @Override
                public String map(String internalName) {
                    if (internalName.startsWith("akka/")) {
                        naming.add(name);
                    }
                    return internalName;
                }

                @Override
                public String mapMethodName(String owner, String method, String descriptor) {
                    if (method.contains("akka$")) {
                        naming.add(name);
                    }
                    return method;
                }
            };
            new ClassReader(bytes).accept(new ClassRemapper(new ClassVisitor(Opcodes.ASM9) {}, finder), 0);
        });
        return naming;
    }
}
