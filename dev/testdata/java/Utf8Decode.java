// What `new String(bytes, StandardCharsets.UTF_8)` gives for every byte
// sequence of one to four bytes drawn from an alphabet of boundary bytes
// (ASCII, continuation bytes at the edges of each lead's range, every kind
// of lead, invalid leads), as the UTF-16 code units of the result.
// URLDecoder decodes the bytes of a run of %XX escapes this way, so
// urikit::java::url_decode must give the same; its test reads the output,
// committed as utf8-decode.tsv. Regenerate with:
//   javac -d /tmp Utf8Decode.java && java -cp /tmp Utf8Decode > utf8-decode.tsv
import java.nio.charset.StandardCharsets;

public class Utf8Decode {
    static final int[] ALPHABET = {0x41, 0x80, 0x8f, 0x90, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0, 0xe4,
        0xed, 0xf0, 0xf4, 0xf5};

    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        out.append("# java.version=").append(System.getProperty("java.version")).append('\n');
        for (int len = 1; len <= 4; len++) {
            int n = (int) Math.pow(ALPHABET.length, len);
            for (int k = 0; k < n; k++) {
                byte[] b = new byte[len];
                int x = k;
                StringBuilder hex = new StringBuilder();
                for (int i = 0; i < len; i++) {
                    b[i] = (byte) ALPHABET[x % ALPHABET.length];
                    x /= ALPHABET.length;
                    hex.append(String.format("%02x", b[i] & 0xff));
                }
                String s = new String(b, StandardCharsets.UTF_8);
                out.append(hex).append('\t');
                for (int i = 0; i < s.length(); i++) {
                    if (i > 0) out.append(' ');
                    out.append(String.format("%04x", (int) s.charAt(i)));
                }
                out.append('\n');
            }
        }
        System.out.print(out);
    }
}
