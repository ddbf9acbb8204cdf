package dev.reprise.tide.parser;

import com.oracle.truffle.api.nodes.RootNode;
import dev.reprise.tide.runtime.ActorDecl;
import java.util.List;

/**
 * A parsed source file.
 *
 * @param main the main actor: the file's top-level statements are its body
 * @param functions the root of every actor body, method and closure in the file
 */
public record Program(ActorDecl main, List<RootNode> functions) {}
