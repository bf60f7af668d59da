package io.migrationguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An API server on 127.0.0.1 that misbehaves on purpose, over plain HTTP/1.1: it reads each
 * request's head and answers as {@link Behaviour} says. Closing it closes every connection.
 */
final class MisbehavingApiServer implements AutoCloseable {
  enum Behaviour {
    /** Sends the status line and headers of a chunked 200, then nothing. */
    HEADERS_THEN_NOTHING,
    /** Sends the headers, then one byte of a JSON list every 500 ms, for ever. */
    TRICKLE,
    /** Sends a JSON list whose items never end, as fast as it is read. */
    ENDLESS_LIST,
    /** Reads the request and never answers. */
    SILENT
  }

  private final ServerSocket socket;
  private final Behaviour behaviour;
  private final List<Socket> open = new CopyOnWriteArrayList<>();

  MisbehavingApiServer(Behaviour behaviour) throws IOException {
    this.behaviour = behaviour;
    socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::accept, "misbehaving-api-server");
    t.setDaemon(true);
    t.start();
  }

  String url() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        open.add(s);
        Thread t = new Thread(() -> serve(s), "misbehaving-connection");
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      readHead(s.getInputStream());
      OutputStream out = s.getOutputStream();
      if (behaviour == Behaviour.SILENT) {
        Thread.sleep(Long.MAX_VALUE);
      }
      out.write(
          ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                  + "Transfer-Encoding: chunked\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      switch (behaviour) {
        case HEADERS_THEN_NOTHING -> Thread.sleep(Long.MAX_VALUE);
        case TRICKLE -> {
          byte[] list = "{\"kind\":\"List\",\"items\":[".getBytes(StandardCharsets.US_ASCII);
          for (int i = 0; ; i++) {
            chunk(out, new byte[] {i < list.length ? list[i] : (byte) ' '});
            Thread.sleep(500);
          }
        }
        case ENDLESS_LIST -> {
          chunk(
              out,
              "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{},\"items\":["
                  .getBytes(StandardCharsets.US_ASCII));
          byte[] item =
              ("{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"KubeVirt\",\"metadata\":"
                      + "{\"name\":\"kubevirt\",\"namespace\":\"kubevirt\"}},")
                  .repeat(200)
                  .getBytes(StandardCharsets.US_ASCII);
          while (true) {
            chunk(out, item);
          }
        }
        default -> {}
      }
    } catch (IOException | InterruptedException e) {
      // the client went away, or the server closed
    }
  }

  private static void chunk(OutputStream out, byte[] b) throws IOException {
    out.write((Integer.toHexString(b.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.write(b);
    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  private static void readHead(InputStream in) throws IOException {
    int state = 0;
    while (state < 4) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("closed");
      }
      state = (c == '\r' && state % 2 == 0) || (c == '\n' && state % 2 == 1) ? state + 1 : 0;
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (Socket s : open) {
      s.close();
    }
  }
}
