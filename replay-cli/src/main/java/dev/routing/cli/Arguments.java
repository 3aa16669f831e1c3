package dev.routing.cli;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line's arguments as UTF-8. Java decodes them in the platform's encoding
 * ({@code sun.jnu.encoding}), which under {@code LC_ALL=C} is ASCII: {@code --agent ılık} reached
 * the command as "???k" and matched no agent. Where the platform's encoding is not UTF-8, the
 * arguments' bytes are read again from {@code /proc/self/cmdline} (Linux) and decoded as UTF-8;
 * they are taken only when each decodes strictly and, decoded the platform's way, gives the very
 * argument Java gave, so a misaligned read changes nothing. Elsewhere the arguments stay as given.
 */
final class Arguments {
    private static final Path CMDLINE = Path.of("/proc/self/cmdline");

    private Arguments() {}

    static String[] asUtf8(String[] given) {
        String platform = System.getProperty("sun.jnu.encoding");
        if (given.length == 0 || platform == null || !Charset.isSupported(platform)) return given;
        Charset charset = Charset.forName(platform);
        if (charset.equals(StandardCharsets.UTF_8)) return given;
        List<byte[]> all;
        try {
            all = split(Files.readAllBytes(CMDLINE));
        } catch (java.io.IOException | RuntimeException unreadable) {
            return given;
        }
        if (all.size() < given.length) return given;
        List<byte[]> mine = all.subList(all.size() - given.length, all.size());
        String[] utf8 = new String[given.length];
        for (int i = 0; i < given.length; i++) {
            if (!new String(mine.get(i), charset).equals(given[i])) return given;
            try {
                utf8[i] = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(mine.get(i))).toString();
            } catch (CharacterCodingException notUtf8) {
                return given;
            }
        }
        return utf8;
    }

    /** The NUL-ended arguments of a cmdline file. */
    private static List<byte[]> split(byte[] cmdline) {
        List<byte[]> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                out.add(Arrays.copyOfRange(cmdline, from, i));
                from = i + 1;
            }
        }
        if (from < cmdline.length) out.add(Arrays.copyOfRange(cmdline, from, cmdline.length));
        return out;
    }
}
