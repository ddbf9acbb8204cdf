package dev.reprise.tools;

import java.io.IOException;

/**
 * Where a copy of the program's standard output goes, besides this terminal: the trace directory
 * when recording ({@link RecordedOutput}), a comparison with that copy when replaying
 * ({@link OutputComparison}).
 */
interface ProgramOutput {
    /** No copy. */
    ProgramOutput NONE = new ProgramOutput() {
        @Override
        public void write(byte[] bytes, int length) {}

        @Override
        public String end() {
            return null;
        }
    };

    /** The program printed these bytes. */
    void write(byte[] bytes, int length) throws IOException;

    /** The program ended: what to say about its output, or null; and no more writes come. */
    String end() throws IOException;

    /** {@code copy}, whose {@link #end} runs once: the program's end and a stop of this JVM may both call it. */
    static ProgramOutput once(ProgramOutput copy) {
        return new ProgramOutput() {
            private boolean ended;

            @Override
            public void write(byte[] bytes, int length) throws IOException {
                copy.write(bytes, length);
            }

            @Override
            public synchronized String end() throws IOException {
                if (ended) {
                    return null;
                }
                ended = true;
                return copy.end();
            }
        };
    }
}
