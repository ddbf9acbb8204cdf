package dev.reprise.tools;

import java.util.ArrayList;
import java.util.List;

/** The commands of a README's {@code ```bash} blocks under some of its {@code ## } headings, in order. */
final class ReadmeCommands {
    private ReadmeCommands() {}

    /**
     * The commands of the {@code ```bash} blocks in the sections headed {@code headings} (whole
     * heading lines), one per line, a line ending in a backslash joined with the next; blank lines
     * and comments left out.
     */
    static List<String> in(String markdown, List<String> headings) {
        List<String> commands = new ArrayList<>();
        boolean walked = false;
        boolean inFence = false;
        boolean collecting = false;
        StringBuilder pending = new StringBuilder();
        for (String line : markdown.lines().toList()) {
            if (!inFence && line.startsWith("## ")) {
                walked = headings.contains(line.strip());
            } else if (line.startsWith("```")) {
                collecting = !inFence && walked && line.strip().equals("```bash");
                inFence = !inFence;
            } else if (collecting) {
                String l = line.strip();
                if (l.endsWith("\\")) {
                    pending.append(l, 0, l.length() - 1).append(' ');
                } else if (!l.isEmpty() && !l.startsWith("#")) {
                    commands.add(pending.append(l).toString());
                    pending.setLength(0);
                }
            }
        }
        return commands;
    }
}
