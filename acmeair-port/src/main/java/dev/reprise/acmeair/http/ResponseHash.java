package dev.reprise.acmeair.http;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A running SHA-256 chain over response bodies in the order they are sent: {@code h = SHA-256(h ||
 * body)}, starting from 32 zero bytes. Two runs that send the same bodies in the same order end
 * with the same hash, so a replayed session can be checked against its recording.
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

  /** Chains {@code body} into the hash (nothing when disabled). */
  public synchronized void record(byte[] body) {
    if (enabled) {
      digest.update(hash);
      hash = digest.digest(body);
      count++;
    }
  }

  /** @return {@code <responses> <hex hash>} */
  public synchronized String snapshot() {
    return count + " " + HexFormat.of().formatHex(hash);
  }
}
