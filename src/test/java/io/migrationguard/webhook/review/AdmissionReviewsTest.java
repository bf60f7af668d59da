package io.migrationguard.webhook.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.migrationguard.core.model.PatchOp;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wire format: what is a review, what is not, and how answers are written. */
class AdmissionReviewsTest {
  private final AdmissionReviews reviews = new AdmissionReviews();
  private final ObjectMapper json = new ObjectMapper();

  private Parsed parse(String s) {
    return reviews.parse(s.getBytes(StandardCharsets.UTF_8));
  }

  private static final String HEAD =
      "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",";

  @Test
  void readsTheFieldsOfARequest() {
    Parsed p =
        parse(
            HEAD
                + "\"request\":{\"uid\":\"u1\",\"kind\":{\"group\":\"kubevirt.io\",\"version\":\"v1\","
                + "\"kind\":\"VirtualMachineInstanceMigration\"},\"operation\":\"UPDATE\",\"name\":\"n\","
                + "\"namespace\":\"ns\",\"userInfo\":{\"username\":\"bob\"},\"object\":{\"a\":1},"
                + "\"oldObject\":null,\"options\":{\"fieldValidation\":\"Strict\"},\"dryRun\":true}}");
    AdmissionRequest r = assertInstanceOf(Parsed.Review.class, p).request();
    assertEquals("u1", r.uid());
    assertEquals("kubevirt.io/v1, Kind=VirtualMachineInstanceMigration", r.gvk());
    assertEquals("UPDATE", r.operation());
    assertEquals("n", r.name());
    assertEquals("ns", r.namespace());
    assertEquals("bob", r.username());
    assertEquals("Strict", r.fieldValidation());
    assertTrue(r.dryRun());
    assertEquals(1, r.object().get("a").asInt());
    assertNull(r.oldObject());
  }

  @Test
  void coreGroupAndMissingOptionalFieldsAreFine() {
    AdmissionRequest r =
        assertInstanceOf(
                Parsed.Review.class,
                parse(
                    HEAD
                        + "\"request\":{\"uid\":\"u\",\"kind\":{\"version\":\"v1\",\"kind\":\"Pod\"}}}"))
            .request();
    assertEquals("", r.group());
    assertEquals("", r.username());
    assertFalse(r.dryRun());
    assertNull(r.object());
  }

  @Test
  void limitsAreReportedInOurWords() {
    String deep = "{\"a\":".repeat(500) + "1" + "}".repeat(500);
    Parsed.BadRequest bad = assertInstanceOf(Parsed.BadRequest.class, parse(deep));
    assertEquals(
        "the body exceeds a parsing limit: JSON nested deeper than 200 levels", bad.message());
    Parsed.BadRequest num =
        assertInstanceOf(Parsed.BadRequest.class, parse("[" + "9".repeat(2000) + "]"));
    assertTrue(num.message().contains("a number longer than 1000 characters"), num.message());
  }

  @Test
  void writesAResponseAsKubernetesDoes() throws Exception {
    AdmissionRequest r =
        new AdmissionRequest(
            "admission.k8s.io/v1",
            "u",
            "",
            "v1",
            "Pod",
            "CREATE",
            "",
            "",
            null,
            null,
            "",
            null,
            false);
    List<PatchOp> patch =
        List.of(
            PatchOp.add("/metadata/labels", JsonNodeFactory.instance.objectNode().put("a", "b")),
            PatchOp.remove("/spec/x"));
    AdmissionResponse v =
        new AdmissionResponse(true, null, patch, List.of("w"), Map.of("rules", "r"));
    JsonNode out = json.readTree(reviews.response(r, v));
    assertEquals(
        "{\"apiVersion\":\"admission.k8s.io/v1\",\"kind\":\"AdmissionReview\",\"response\":{"
            + "\"uid\":\"u\",\"allowed\":true,\"patch\":\""
            + out.at("/response/patch").asText()
            + "\",\"patchType\":\"JSONPatch\",\"warnings\":[\"w\"],\"auditAnnotations\":{\"rules\":\"r\"}}}",
        out.toString());
    assertEquals(
        "[{\"op\":\"add\",\"path\":\"/metadata/labels\",\"value\":{\"a\":\"b\"}},"
            + "{\"op\":\"remove\",\"path\":\"/spec/x\"}]",
        new String(
            Base64.getDecoder().decode(out.at("/response/patch").asText()),
            StandardCharsets.UTF_8));
  }

  @Test
  void statusBodyOmitsEmptyDetailFields() throws Exception {
    AdmissionRequest r =
        new AdmissionRequest(
            "admission.k8s.io/v1",
            "u",
            "",
            "v1",
            "Pod",
            "CREATE",
            "",
            "",
            null,
            null,
            "",
            null,
            false);
    AdmissionResponse.Status s =
        new AdmissionResponse.Status(
            422,
            "Invalid",
            "m",
            new AdmissionResponse.Details(
                "",
                "",
                "Pod",
                List.of(new AdmissionResponse.Cause("FieldValueRequired", "Required value", ""))));
    JsonNode status =
        json.readTree(reviews.response(r, AdmissionResponse.refuse(s))).at("/response/status");
    assertEquals(
        "{\"metadata\":{},\"status\":\"Failure\",\"message\":\"m\",\"reason\":\"Invalid\","
            + "\"details\":{\"kind\":\"Pod\",\"causes\":[{\"reason\":\"FieldValueRequired\","
            + "\"message\":\"Required value\"}]},\"code\":422}",
        status.toString());
  }
}
