package dev.reprise.tide.parser;

import dev.reprise.tide.runtime.ActorDecl;

/**
 * A parsed source file.
 *
 * @param main the main actor: the file's top-level statements are its body
 */
public record Program(ActorDecl main) {
}
