package dev.reprise.tide.runtime;

import java.util.ArrayDeque;

/** Messages processed in arrival order. */
final class FifoMailbox implements Mailbox {
    private final ArrayDeque<Message> messages = new ArrayDeque<>();

    @Override
    public void add(Message message) {
        messages.add(message);
    }

    @Override
    public Message poll() {
        return messages.poll();
    }
}
