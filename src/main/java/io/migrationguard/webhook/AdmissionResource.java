package io.migrationguard.webhook;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionStage;

/**
 * The HTTP door: {@code POST /validate} and {@code POST /mutate} take an AdmissionReview and answer
 * one. Deliberately thin; parsing and deciding live in {@link AdmissionHandler}. The body is taken
 * as raw bytes so that it is parsed once, under our own limits, whatever the Content-Type.
 *
 * <p>Called on the event loop: {@link AdmissionHandler} moves to a worker thread only a review that
 * may wait on the cluster.
 */
@Path("/")
@NonBlocking
public class AdmissionResource {
  @Inject AdmissionHandler handler;

  @POST
  @Path("validate")
  public CompletionStage<Response> validate(byte[] body) {
    return answer(Webhook.VALIDATE, body);
  }

  @POST
  @Path("mutate")
  public CompletionStage<Response> mutate(byte[] body) {
    return answer(Webhook.MUTATE, body);
  }

  private CompletionStage<Response> answer(Webhook webhook, byte[] body) {
    return handler
        .handle(webhook, body, Infrastructure.getDefaultWorkerPool())
        .thenApply(AdmissionResource::respond);
  }

  private static Response respond(HttpReply answer) {
    return Response.status(answer.status())
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(answer.body())
        .build();
  }
}
