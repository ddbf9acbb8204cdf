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
}
