package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.runtime.Actor;

/** The actor the current thread is running. */
public final class CurrentActor {
    private CurrentActor() {}

    /** The running actor, seen from the given node. */
    public static Actor of(Node node) {
        return TideLanguage.get(node).turn().actor();
    }
}
