package io.migrationguard.core.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LabelSyntaxTest {
  private static final String NAME_PART_REGEX_ERR =
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end"
          + " with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex"
          + " used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  private static final String SUBDOMAIN_ERR =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or"
          + " '.', and must start and end with an alphanumeric character (e.g. 'example.com',"
          + " regex used for validation is"
          + " '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "simple",
        "1-starts-with-num",
        "example.com/Uppercase_Is_OK_123",
        "a",
        "a.b_c-d",
        "kubevirt.io/vmi-name",
        "123"
      })
  void validKeys(String key) {
    assertEquals(List.of(), LabelSyntax.keyErrors(key));
  }

  @Test
  void validKeyOf63Bytes() {
    assertEquals(List.of(), LabelSyntax.keyErrors("a".repeat(63)));
    assertEquals(List.of(), LabelSyntax.keyErrors("p".repeat(253) + "/" + "a".repeat(63)));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "cantendwithadash-",
        "only/one/slash",
        "Example.com/abc",
        "example.com/",
        "/simple",
        "",
        "-starts",
        "has space",
        "abc\n",
        "ünïcode",
        "a/b/"
      })
  void invalidKeys(String key) {
    assertFalse(LabelSyntax.keyErrors(key).isEmpty(), key);
  }

  @Test
  void keyMessagesAreApimachinerys() {
    assertEquals(List.of(NAME_PART_REGEX_ERR), LabelSyntax.keyErrors("cantendwithadash-"));
    assertEquals(
        List.of("name part must be no more than 63 characters"),
        LabelSyntax.keyErrors("a".repeat(64)));
    assertEquals(List.of("prefix part must be non-empty"), LabelSyntax.keyErrors("/simple"));
    assertEquals(
        List.of("name part must be non-empty", NAME_PART_REGEX_ERR),
        LabelSyntax.keyErrors("example.com/"));
    assertEquals(List.of("prefix part " + SUBDOMAIN_ERR), LabelSyntax.keyErrors("Example.com/abc"));
    assertEquals(
        List.of(
            "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must"
                + " start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name', "
                + " or '123-abc', regex used for validation is"
                + " '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain"
                + " prefix and '/' (e.g. 'example.com/MyName')"),
        LabelSyntax.keyErrors("only/one/slash"));
  }

  @Test
  void keyPrefixIsLimitedTo253Bytes() {
    assertEquals(
        List.of("prefix part must be no more than 253 characters"),
        LabelSyntax.keyErrors("p".repeat(254) + "/a"));
  }

  @Test
  void lengthsAreUtf8Bytes() {
    // 32 two-byte characters are 64 bytes: too long, and not ASCII either.
    String twoByte = "é".repeat(32);
    assertEquals(2, LabelSyntax.valueErrors(twoByte).size());
    assertEquals("must be no more than 63 characters", LabelSyntax.valueErrors(twoByte).get(0));
    // 31 two-byte characters are 62 bytes: within length, still outside the ASCII class.
    assertEquals(1, LabelSyntax.valueErrors("é".repeat(31)).size());
    assertEquals(64, LabelSyntax.utf8Length("€".repeat(21) + "a"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "now-with-dashes", "1234", "MyValue", "my_value", "a.b"})
  void validValues(String value) {
    assertEquals(List.of(), LabelSyntax.valueErrors(value));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-starts-with-dash", "ends.with.dot.", "abc\n", "a/b", "sp ace", "ä"})
  void invalidValues(String value) {
    assertEquals(
        List.of(
            "a valid label must be an empty string or consist of alphanumeric characters, '-',"
                + " '_' or '.', and must start and end with an alphanumeric character (e.g."
                + " 'MyValue',  or 'my_value',  or '12345', regex used for validation is"
                + " '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"),
        LabelSyntax.valueErrors(value));
  }

  @Test
  void valueLengthBoundary() {
    assertEquals(List.of(), LabelSyntax.valueErrors("a".repeat(63)));
    assertEquals(
        List.of("must be no more than 63 characters"), LabelSyntax.valueErrors("a".repeat(64)));
  }

  @Test
  void subdomains() {
    assertEquals(List.of(), LabelSyntax.dns1123SubdomainErrors("example.com"));
    assertEquals(List.of(), LabelSyntax.dns1123SubdomainErrors("a".repeat(253)));
    assertEquals(
        List.of("must be no more than 253 characters"),
        LabelSyntax.dns1123SubdomainErrors("a".repeat(254)));
    assertEquals(List.of(SUBDOMAIN_ERR), LabelSyntax.dns1123SubdomainErrors("Upper"));
    assertEquals(List.of(SUBDOMAIN_ERR), LabelSyntax.dns1123SubdomainErrors("abc\n"));
    assertEquals(List.of(SUBDOMAIN_ERR), LabelSyntax.dns1123SubdomainErrors(""));
    assertEquals(List.of(SUBDOMAIN_ERR), LabelSyntax.dns1123SubdomainErrors("a..b"));
    assertEquals(List.of(SUBDOMAIN_ERR), LabelSyntax.dns1123SubdomainErrors("a_b"));
    assertTrue(LabelSyntax.isDns1123SubdomainFormat("a-b.c"));
  }

  @Test
  void labels() {
    assertEquals(List.of(), LabelSyntax.dns1123LabelErrors("my-name"));
    assertEquals(List.of(), LabelSyntax.dns1123LabelErrors("a".repeat(63)));
    assertEquals(
        List.of("must be no more than 63 characters"),
        LabelSyntax.dns1123LabelErrors("a".repeat(64)));
    assertEquals(List.of("must not contain dots"), LabelSyntax.dns1123LabelErrors("a.b"));
    assertEquals(
        List.of(
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or"
                + " '-', and must start and end with an alphanumeric character (e.g. 'my-name', "
                + " or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"),
        LabelSyntax.dns1123LabelErrors("My_Name"));
    assertEquals(1, LabelSyntax.dns1123LabelErrors("abc\n").size());
  }
}
