package dev.reprise.replay;

import dev.reprise.trace.SourceNames;
import java.util.HashMap;
import java.util.Map;

/** The recorded outside sources: their ids by name, for the replayed program, and their names by id, for reports. */
final class OutsideSources {
    /** The recorded outside sources by name: as many as the recording named, read once. */
    private final SourceNames sources;
    /** Id to name of the recorded outside sources, made when a report first needs it. */
    private volatile Map<Long, String> sourceNames;

    OutsideSources(SourceNames sources) {
        this.sources = sources;
    }

    /** The recorded id of outside source {@code name}, or -1 if the recording never used it. */
    long id(String name) {
        long id = sources.id(name);
        return id > 0 ? id : -1;
    }

    /** The recorded outside sources: name to id. */
    Map<String, Long> all() {
        return sources.all();
    }

    /** The recorded name of outside source {@code id} (for reports), or null if the trace names no source so. */
    String name(long id) {
        Map<Long, String> names = sourceNames;
        if (names == null) {
            Map<Long, String> made = new HashMap<>();
            sources.all().forEach((name, sourceId) -> made.putIfAbsent(sourceId, name));
            sourceNames = names = made;
        }
        return names.get(id);
    }
}
