package io.migrationguard.webhook.http;

/**
 * An HTTP answer of the webhook: a status code and a JSON body.
 *
 * @param status the HTTP status (200 for every answered review, 400 for a body that is not one)
 * @param body the JSON body
 */
public record HttpReply(int status, byte[] body) {}
