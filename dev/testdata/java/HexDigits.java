// Every UTF-16 code unit that Character.digit(c, 16) reads as a digit, with
// its value: the digits Integer.parseInt(s, 16) accepts, and so the digits
// URLDecoder accepts after a '%'. Committed as hex-digits.tsv for the test
// of urikit::java::url_decode. Regenerate with:
//   javac -d /tmp HexDigits.java && java -cp /tmp HexDigits > hex-digits.tsv
public class HexDigits {
    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        out.append("# java.version=").append(System.getProperty("java.version")).append('\n');
        for (int c = 0; c <= 0xffff; c++) {
            int d = Character.digit((char) c, 16);
            if (d >= 0) out.append(String.format("%04x\t%d\n", c, d));
        }
        System.out.print(out);
    }
}
