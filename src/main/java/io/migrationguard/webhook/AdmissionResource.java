package io.migrationguard.webhook;

import io.smallrye.common.annotation.Blocking;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The HTTP door: {@code POST /validate} and {@code POST /mutate} take an AdmissionReview and answer
 * one. Deliberately thin; parsing and deciding live in {@link AdmissionHandler}. The body is taken
 * as raw bytes so that it is parsed once, under our own limits, whatever the Content-Type.
 */
@Path("/")
@Blocking // cluster lookups may block; keep them off the event loop
public class AdmissionResource {
  @Inject AdmissionHandler handler;

  @POST
  @Path("validate")
  public Response validate(byte[] body) {
    return respond(handler.handle(Webhook.VALIDATE, body));
  }

  @POST
  @Path("mutate")
  public Response mutate(byte[] body) {
    return respond(handler.handle(Webhook.MUTATE, body));
  }

  private static Response respond(Answer answer) {
    return Response.status(answer.status())
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(answer.body())
        .build();
  }
}
