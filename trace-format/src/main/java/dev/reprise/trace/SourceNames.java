package dev.reprise.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outside sources of a trace by name: which pseudo-actor id each name got, so a replay gives
 * a source the id it was recorded with. Since format version 5 each registration is a data entry
 * of the recorder's pseudo-actor ({@link #OWNER}; data id = the source's id, bytes = its name in
 * UTF-8): appended once, checksummed and flushed with the data file, so a killed recording keeps
 * them and the metadata stays small however many threads come and go. Older traces keep them in
 * the metadata as {@link TraceMetadata#SOURCE_PREFIX}{@code NAME} counts, which are read too.
 *
 * <p>A name registered twice keeps its first id (the recorder gives a name one id; the contexts
 * the agent names never repeat a name). A damaged entry is left out and reported in {@link #problems()}.
 */
public final class SourceNames {
    /** The owner of the data entries that name sources: the recorder's own pseudo-actor. */
    public static final long OWNER = TraceIds.RECORDER;

    private final Map<String, Long> ids;
    private final List<TraceProblem> problems;

    private SourceNames(Map<String, Long> ids, List<TraceProblem> problems) {
        this.ids = Collections.unmodifiableMap(ids);
        this.problems = List.copyOf(problems);
    }

    /** The bytes of the data entry that names a source. */
    public static byte[] entry(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The sources of the trace in {@code dir}.
     *
     * @throws IOException when its metadata or data file cannot be read (see {@link TraceMetadata#read})
     */
    public static SourceNames read(java.nio.file.Path dir) throws IOException {
        TraceMetadata metadata = TraceMetadata.read(dir);
        try (DataFileReader data = DataFileReader.open(TraceFiles.data(dir))) {
            return read(metadata, data);
        }
    }

    /**
     * The sources named in {@code metadata} (older traces) and in {@code data}'s entries of
     * {@link #OWNER}; either may be null (missing or unreadable).
     */
    public static SourceNames read(TraceMetadata metadata, DataFileReader data) {
        Map<String, Long> ids = new LinkedHashMap<>();
        List<TraceProblem> problems = new ArrayList<>();
        if (metadata != null) {
            metadata.counts().forEach((key, id) -> {
                if (key.startsWith(TraceMetadata.SOURCE_PREFIX)) {
                    ids.putIfAbsent(key.substring(TraceMetadata.SOURCE_PREFIX.length()), id);
                }
            });
        }
        if (data != null) {
            for (long id : data.dataIdsOf(OWNER)) {
                String problem = null;
                try {
                    String name = name(data.read(OWNER, id));
                    if (name.isEmpty()) {
                        problem = "the name of outside source " + id + " is empty";
                    } else if (!TraceIds.isExternalSource(id, FileHeader.VERSION)) {
                        problem = "outside source \"" + name + "\" has id " + id + ", outside the sources' id range";
                    } else {
                        ids.putIfAbsent(name, id);
                    }
                } catch (CharacterCodingException e) {
                    problem = "the name of outside source " + id + " is not UTF-8 text";
                } catch (IOException e) {
                    problem = "the name of outside source " + id + " cannot be read: " + e.getMessage();
                }
                if (problem != null) {
                    problems.add(new TraceProblem(
                            TraceProblem.Kind.MALFORMED,
                            data.file(),
                            -1,
                            data.offsetOf(OWNER, id),
                            problem + " (replay gives that source a new id)"));
                }
            }
        }
        return new SourceNames(ids, problems);
    }

    private static String name(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }

    /** The id recorded for source {@code name}, or -1 when the trace does not name it. */
    public long id(String name) {
        Long id = ids.get(name);
        return id == null ? -1 : id;
    }

    /** Every named source and its id, metadata ones first, then in id order. */
    public Map<String, Long> all() {
        return ids;
    }

    /** Entries that name no source (damaged or out of range), in id order. */
    public List<TraceProblem> problems() {
        return problems;
    }
}
