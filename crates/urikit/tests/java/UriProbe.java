// The real java.net.URI, for urikit's differential test (tests/it/java.rs).
//
// Reads commands from stdin, one a line, and writes one answer line per
// command to stdout. Every string travels as lower-case hex of its UTF-8
// bytes, so any input (controls, tabs, newlines, non-ASCII) fits on a line.
//
//   P <hex>               new URI(s): "ok" and ten fields, or "err <index> <reason hex>"
//   R <base hex> <ref hex> new URI(base).resolve(new URI(ref)).toString()
//   N <hex>               new URI(s).normalize().toString()
//
// Fields of "ok", tab-separated, each "-" for Java's null or "=" + hex:
// scheme, isOpaque (0/1), rawSchemeSpecificPart, rawAuthority, rawUserInfo,
// host, port (decimal), rawPath, rawQuery, rawFragment.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public class UriProbe {
    static String hex(String s) {
        if (s == null) return "-";
        StringBuilder b = new StringBuilder("=");
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            b.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
        }
        return b.toString();
    }

    static String unhex(String h) {
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    static String err(URISyntaxException e) {
        return "err\t" + e.getIndex() + "\t" + hex(e.getReason());
    }

    static String parse(String s) {
        try {
            URI u = new URI(s);
            return String.join("\t", "ok", hex(u.getScheme()), u.isOpaque() ? "1" : "0",
                    hex(u.getRawSchemeSpecificPart()), hex(u.getRawAuthority()),
                    hex(u.getRawUserInfo()), hex(u.getHost()), Integer.toString(u.getPort()),
                    hex(u.getRawPath()), hex(u.getRawQuery()), hex(u.getRawFragment()));
        } catch (URISyntaxException e) {
            return err(e);
        } catch (RuntimeException e) {
            return "exc\t" + hex(e.getClass().getName());
        }
    }

    static String resolve(String base, String ref) {
        try {
            URI b = new URI(base);
            URI r = new URI(ref);
            return "ok\t" + hex(b.resolve(r).toString());
        } catch (URISyntaxException e) {
            return err(e);
        } catch (RuntimeException e) {
            return "exc\t" + hex(e.getClass().getName());
        }
    }

    static String normalize(String s) {
        try {
            return "ok\t" + hex(new URI(s).normalize().toString());
        } catch (URISyntaxException e) {
            return err(e);
        } catch (RuntimeException e) {
            return "exc\t" + hex(e.getClass().getName());
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintStream out = new PrintStream(System.out, false, "US-ASCII");
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split(" ", -1);
            String answer;
            switch (f[0]) {
                case "P": answer = parse(unhex(f[1])); break;
                case "R": answer = resolve(unhex(f[1]), unhex(f[2])); break;
                case "N": answer = normalize(unhex(f[1])); break;
                default: answer = "bad command";
            }
            out.println(answer);
        }
        out.flush();
    }
}
