package dev.reprise.acmeair.actors;

import dev.reprise.acmeair.api.ApiResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A running SHA-256 chain over the response bodies the actors send, in the order they send them:
 * {@code h = SHA-256(h || body)}, starting from 32 zero bytes. Two runs whose actors send the same
 * bodies in the same order end with the same hash, so a replayed session (which has actors but no
 * HTTP server) can be checked against its recording. Answers Netty gives without the actors (a
 * request it cannot decode, a timeout) are not part of it, nor are answers to {@code
 * /config/responseHash} itself. With one client in a closed loop the order is that of the requests;
 * with concurrent clients, answers of different actors may enter in either order.
 */
public final class ResponseHash {
  private final boolean enabled;
  private final MessageDigest digest;
  private byte[] hash = new byte[32];
  private long count;

  /** @param enabled whether bodies are hashed at all ({@code --hash-responses}) */
  public ResponseHash(boolean enabled) {
    this.enabled = enabled;
    try {
      this.digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK always has SHA-256", e);
    }
  }

  /** @return whether bodies are hashed */
  public boolean enabled() {
    return enabled;
  }

  /**
   * Chains the response's body into the hash (nothing when disabled).
   *
   * @param response a response about to be sent
   * @return the response
   */
  public ApiResponse sent(ApiResponse response) {
    if (enabled) {
      record(response.body().getBytes(StandardCharsets.UTF_8));
    }
    return response;
  }

  private synchronized void record(byte[] body) {
    digest.update(hash);
    hash = digest.digest(body);
    count++;
  }

  /** @return {@code <responses> <hex hash>} */
  public synchronized String snapshot() {
    return count + " " + HexFormat.of().formatHex(hash);
  }
}
