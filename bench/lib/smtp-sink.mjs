// A local SMTP server for the mail benchmarks: accepts every message and keeps what the
// caller's `inspect` makes of it.
import { createServer } from "node:net";

/**
 * A minimal SMTP server that accepts everything. Commands are read line by line from a
 * buffer, so a client that pipelines several commands in one packet is answered in order.
 * `inspect(recipients, data)` turns each message into what the caller keeps of it.
 */
export function startSmtpSink(inspect) {
  const messages = [];
  const listeners = new Set();
  const server = createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let inData = false;
    let scanned = 0;
    let recipients = [];
    socket.on("error", () => {});
    socket.write("220 sink.test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const replies = [];
      let quit = false;
      while (!quit) {
        if (inData) {
          // The data ends at CRLF.CRLF, or at ".\r\n" straight away for an empty message.
          const end = buffer.subarray(0, 3).equals(Buffer.from(".\r\n"))
            ? -2
            : buffer.indexOf("\r\n.\r\n", Math.max(0, scanned - 4));
          if (end === -1) {
            scanned = buffer.length;
            break;
          }
          messages.push(
            inspect(recipients, buffer.subarray(0, Math.max(0, end + 2))),
          );
          buffer = buffer.subarray(end + 5);
          inData = false;
          scanned = 0;
          recipients = [];
          replies.push("250 2.0.0 Ok: queued");
          for (const listener of listeners) listener();
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) break;
        const line = buffer.subarray(0, eol).toString("latin1");
        buffer = buffer.subarray(eol + 2);
        const verb = line.split(/[ :]/, 1)[0].toUpperCase();
        if (verb === "EHLO")
          replies.push(
            "250-sink.test",
            "250-8BITMIME",
            "250-SMTPUTF8",
            "250 PIPELINING",
          );
        else if (verb === "HELO") replies.push("250 sink.test");
        else if (verb === "MAIL") {
          recipients = [];
          replies.push("250 2.1.0 Ok");
        } else if (verb === "RCPT") {
          recipients.push(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? "");
          replies.push("250 2.1.5 Ok");
        } else if (verb === "DATA") {
          if (recipients.length === 0) replies.push("503 5.5.1 No recipients");
          else {
            inData = true;
            replies.push("354 End data with <CR><LF>.<CR><LF>");
          }
        } else if (verb === "RSET") {
          recipients = [];
          replies.push("250 2.0.0 Ok");
        } else if (verb === "NOOP") replies.push("250 2.0.0 Ok");
        else if (verb === "QUIT") {
          replies.push("221 2.0.0 Bye");
          quit = true;
        } else replies.push("502 5.5.2 Command not recognized");
      }
      if (replies.length > 0) socket.write(replies.join("\r\n") + "\r\n");
      if (quit) socket.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: server.address().port,
        messages,
        /** Resolves once `count` messages arrived, or false after `ms`. */
        waitFor(count, ms) {
          return new Promise((done) => {
            const check = () => {
              if (messages.length < count) return;
              listeners.delete(check);
              clearTimeout(timer);
              done(true);
            };
            const timer = setTimeout(() => {
              listeners.delete(check);
              done(false);
            }, ms);
            listeners.add(check);
            check();
          });
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}
