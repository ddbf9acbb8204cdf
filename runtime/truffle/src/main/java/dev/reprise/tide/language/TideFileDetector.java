package dev.reprise.tide.language;

import com.oracle.truffle.api.TruffleFile;
import java.nio.charset.Charset;

/** Recognises {@code .tide} files so that {@code Source.newBuilder(File)} finds the language. */
public final class TideFileDetector implements TruffleFile.FileTypeDetector {
    @Override
    public String findMimeType(TruffleFile file) {
        String name = file.getName();
        return name != null && name.endsWith(".tide") ? TideLanguage.MIME_TYPE : null;
    }

    @Override
    public Charset findEncoding(TruffleFile file) {
        return null;
    }
}
