package io.migrationguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** The JUnit XML output against the Jenkins xUnit plugin's {@code junit-10.xsd}. */
class LintJunitSchemaTest {
  private static final String MIXED = LintHarness.DIR + "mixed";
  private static final Pattern TIME = Pattern.compile("\\d+\\.\\d{3}");
  private static final Pattern LOCATION = Pattern.compile("^[^:]+:\\d+:\\d+: .+", Pattern.DOTALL);
  private static Schema xsd;

  @BeforeAll
  static void loadTheXsd() throws Exception {
    URL url = LintJunitSchemaTest.class.getResource("/schemas-external/junit-10.xsd");
    SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    xsd = f.newSchema(url);
  }

  private static void validate(String xml) throws Exception {
    xsd.newValidator().validate(new StreamSource(new StringReader(xml)));
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void mixedRunIsValidAgainstJunit10Xsd() throws Exception {
    String xml = LintHarness.run("-o", "junit", MIXED).out();
    validate(xml);
    checkShape(parse(xml));
  }

  @Test
  void stdinRunIsValidAgainstJunit10Xsd() throws Exception {
    String yaml = Files.readString(Path.of(MIXED, "migrations.yaml"));
    String xml = LintHarness.runWithStdin(yaml, "-o", "junit", "-").out();
    validate(xml);
    Document doc = parse(xml);
    checkShape(doc);
    assertEquals(
        "stdin", ((Element) doc.getElementsByTagName("testsuite").item(0)).getAttribute("name"));
  }

  @Test
  void cleanRunIsValidAgainstJunit10Xsd() throws Exception {
    String xml = LintHarness.run("-o", "junit", LintHarness.DIR + "clean").out();
    validate(xml);
    checkShape(parse(xml));
  }

  @Test
  void theXsdRejectsWhatTheOutputNoLongerWrites() throws Exception {
    String xml = LintHarness.run("-o", "junit", MIXED).out();
    assertThrows(
        SAXException.class,
        () -> validate(xml.replace("<testsuites name=", "<testsuites skipped=\"2\" name=")));
    assertThrows(
        SAXException.class,
        () -> validate(xml.replaceFirst("<testcase name=", "<testcase line=\"1\" name=")));
    assertThrows(
        SAXException.class,
        () -> validate(xml.replaceFirst(" time=\"[0-9.]+\"", " time=\"0.0001\"")));
  }

  private static void checkShape(Document doc) {
    Element root = doc.getDocumentElement();
    assertFalse(root.hasAttribute("skipped"));
    assertTrue(TIME.matcher(root.getAttribute("time")).matches(), root.getAttribute("time"));
    NodeList suites = doc.getElementsByTagName("testsuite");
    for (int i = 0; i < suites.getLength(); i++) {
      Element s = (Element) suites.item(i);
      assertTrue(TIME.matcher(s.getAttribute("time")).matches(), s.getAttribute("time"));
      assertTrue(s.hasAttribute("skipped"));
    }
    NodeList cases = doc.getElementsByTagName("testcase");
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      assertFalse(c.hasAttribute("file") || c.hasAttribute("line"));
      assertEquals("0", c.getAttribute("time"));
    }
    for (String tag : new String[] {"failure", "error", "skipped"}) {
      NodeList nodes = doc.getElementsByTagName(tag);
      for (int i = 0; i < nodes.getLength(); i++) {
        Element e = (Element) nodes.item(i);
        // The location the xsd has no attribute for: FILE:LINE:COLUMN leads the message.
        assertTrue(
            LOCATION.matcher(e.getAttribute("message")).matches(), e.getAttribute("message"));
      }
    }
  }
}
