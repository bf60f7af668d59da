#!/usr/bin/env python3
"""Hostile clients against a running migration-guard (bench/hostile.sh starts it).

Each attack runs, then the same checks: the process is alive, a normal review is answered within
1 s, peak RSS so far; attacks that get answers check their size (< 64 KiB) and their warnings
(<= 4 KiB). Prints one line per attack and a JSON line at the end. Everything on 127.0.0.1,
every wait bounded. Usage: hostile.py PORT PID (ONLY=name,name runs only those attacks)
"""
import json, os, socket, ssl, sys, threading, time

PORT, PID = int(sys.argv[1]), int(sys.argv[2])
CTX = ssl.create_default_context(); CTX.check_hostname = False; CTX.verify_mode = ssl.CERT_NONE
CTX.set_alpn_protocols(["http/1.1"])
RESULTS = {}
FAILED = []


def review(obj, uid="h", options=None):
    req = {"uid": uid, "kind": {"group": "kubevirt.io", "version": "v1",
                                "kind": "VirtualMachineInstanceMigration"},
           "operation": "CREATE", "namespace": "d", "userInfo": {"username": "a"}, "object": obj}
    if options:
        req["options"] = options
    return json.dumps({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
                       "request": req}).encode()


def vmim(spec=None, meta=None):
    m = {"name": "m", "namespace": "d"}
    m.update(meta or {})
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceMigration",
            "metadata": m, "spec": spec or {"vmiName": "v"}}


def connect(timeout=10):
    return CTX.wrap_socket(socket.create_connection(("127.0.0.1", PORT), timeout=timeout),
                           server_hostname="localhost")


def exchange(method, path, body=b"", timeout=15):
    """One request on its own connection: (seconds, status line, body bytes)."""
    t0 = time.time()
    s = connect(timeout)
    s.sendall(("%s %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close"
               "\r\nContent-Length: %d\r\n\r\n" % (method, path, len(body))).encode() + body)
    data = b""
    try:
        while True:
            c = s.recv(1 << 16)
            if not c:
                break
            data += c
    except OSError:
        pass
    head, _, rest = data.partition(b"\r\n\r\n")
    return time.time() - t0, head.split(b"\r\n")[0].decode(errors="replace"), rest


def rss():
    with open("/proc/%d/status" % PID) as f:
        st = dict(l.split(":", 1) for l in f if ":" in l)
    return int(st["VmRSS"].split()[0]) // 1024, int(st["VmHWM"].split()[0]) // 1024


def alive():
    try:
        with open("/proc/%d/status" % PID):
            return True
    except OSError:
        return False


def check(name, answers=()):
    ok = alive()
    t, status, _ = exchange("POST", "/validate", review(vmim())) if ok else (99, "dead", b"")
    now, peak = rss() if ok else (0, 0)
    sizes = [len(a) for a in answers]
    warn = 0
    for a in answers:
        try:
            warn = max(warn, sum(len(w.encode()) for w in json.loads(a)["response"].get("warnings", [])))
        except Exception:
            pass
    good = ok and status.endswith("200 OK") and t < 1 and peak < 480 and all(x < 65536 for x in sizes) and warn <= 4096
    RESULTS[name] = {"alive": ok, "review_s": round(t, 3), "rss_mib": now, "peak_rss_mib": peak,
                     "max_answer": max(sizes) if sizes else None, "max_warning_bytes": warn, "ok": good}
    if not good:
        FAILED.append(name)
    print("%-22s %s  alive=%s review=%.3fs rss=%d peak=%d MiB answer<=%s warnings<=%d" % (
        name, "ok  " if good else "FAIL", ok, t, now, peak, max(sizes) if sizes else "-", warn), flush=True)


def concurrently(n, fn):
    out = [None] * n
    ts = [threading.Thread(target=lambda i=i: out.__setitem__(i, fn())) for i in range(n)]
    [t.start() for t in ts]
    [t.join(120) for t in ts]
    return [o for o in out if o is not None]


def attack_type_errors():
    body = review(vmim(meta={"finalizers": list(range(390_000))}))
    return concurrently(2, lambda: exchange("POST", "/validate", body, 60)[2])


def attack_huge_values():
    body = review(vmim(spec={"vmiName": "a" * 1_500_000}, meta={"name": "b" * 1_400_000}))
    return concurrently(16, lambda: exchange("POST", "/validate", body, 60)[2])


def attack_unknown_fields():
    spec = {"vmiName": "v"}
    spec.update({"u%d" % i: 1 for i in range(224_000)})
    body = review(vmim(spec=spec), options={"fieldValidation": "Warn"})
    return [exchange("POST", "/validate", body, 60)[2]]


def attack_pipelining(seconds=10):
    body = review(vmim(spec={"vmiName": "v", "priority": "urgent"}))
    req = ("POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           "Content-Length: %d\r\n\r\n" % len(body)).encode() + body
    s = connect(seconds)
    t0, sent = time.time(), 0
    try:
        while time.time() - t0 < seconds:
            s.sendall(req * 50)
            sent += len(req) * 50
    except OSError:
        pass
    RESULTS["pipelining_sent_mib"] = sent >> 20
    return []


def attack_stalled(n=260, seconds=30):
    socks = []
    for _ in range(n):
        s = connect()
        s.sendall(b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 3000000\r\n\r\n{\"a\":" + b" " * 1000)
        socks.append(s)
    t, status, _ = exchange("GET", "/q/health/ready")
    RESULTS["ready_during_stall_s"] = round(t, 3)
    if not (status.endswith("200 OK") and t < 1):
        FAILED.append("ready-during-stall")
    t0, open_ = time.time(), n
    while open_ and time.time() - t0 < seconds:
        open_ = 0
        for s in socks:
            s.settimeout(0.01)
            try:
                if s.recv(100) == b"":
                    continue
            except (socket.timeout, ssl.SSLWantReadError):
                open_ += 1
            except OSError:
                pass
        time.sleep(0.5)
    RESULTS["stalled_closed_s"] = round(time.time() - t0, 1) if not open_ else None
    if open_:
        FAILED.append("stalled-not-closed")
    return []


def attack_stalled_large(n=260, seconds=30):
    """Bodies stalled after 20 KiB (past the 10 KiB a REST layer buffers before it reads blocking):
    the probes and a review must still answer at once."""
    socks = []
    for _ in range(n):
        s = connect()
        s.sendall(b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 3000000\r\n\r\n{\"a\":\"" + b"x" * 20480)
        socks.append(s)
    time.sleep(0.5)
    worst = 0.0
    for path in ("/q/health/live", "/q/health/ready") * 3:
        t, status, _ = exchange("GET", path)
        worst = max(worst, t)
        if not status.endswith("200 OK"):
            FAILED.append("probe-status-during-large-stall")
    t, status, _ = exchange("POST", "/validate", review(vmim()))
    RESULTS["probe_during_large_stall_s"] = round(worst, 3)
    RESULTS["review_during_large_stall_s"] = round(t, 3)
    if worst >= 0.1 or t >= 1 or not status.endswith("200 OK"):
        FAILED.append("probes-during-large-stall")
    for s in socks:
        try:
            s.close()
        except OSError:
            pass
    return []


def attack_concurrent_3mib(n=32):
    """32 reviews of just under 3 MiB at once, their strings echoed in messages."""
    pad = 3_100_000 // 2
    body = review(vmim(spec={"vmiName": "A" * pad, "priority": "p" * 1000},
                       meta={"name": "B" * (pad - 4000)}))
    assert len(body) < 3 * 1024 * 1024, len(body)
    out = concurrently(n, lambda: exchange("POST", "/validate", body, 60))
    codes = {}
    for _, status, _ in out:
        codes[status.split(" ", 1)[-1]] = codes.get(status.split(" ", 1)[-1], 0) + 1
    RESULTS["concurrent_3mib_statuses"] = codes
    return [b for _, st, b in out if st.endswith("200 OK")]


def attack_odd_paths():
    for i in range(150):
        exchange("POST", "/validate;a=%d" % i, review(vmim()))
        exchange("GET", "/x%d" % i)
    exchange("POST", "/validate", review(vmim()))
    _, _, metrics = exchange("GET", "/q/metrics")
    recorded = b'uri="/validate"' in metrics
    RESULTS["validate_in_metrics"] = recorded
    if not recorded:
        FAILED.append("metrics")
    return []


def attack_tls():
    ok = True
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT); ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    ctx.set_ciphers("ECDHE-ECDSA-AES128-SHA:ECDHE-RSA-AES128-SHA:AES128-SHA256")
    try:
        ctx.wrap_socket(socket.create_connection(("127.0.0.1", PORT), timeout=5),
                        server_hostname="localhost")
        ok = False  # a CBC suite was accepted
    except (ssl.SSLError, OSError):
        pass
    RESULTS["cbc_refused"] = ok
    if not ok:
        FAILED.append("cbc")
    return []


for name, attack in [("type-errors", attack_type_errors), ("huge-values", attack_huge_values),
                     ("unknown-fields", attack_unknown_fields), ("pipelining", attack_pipelining),
                     ("stalled-bodies", attack_stalled), ("stalled-large", attack_stalled_large),
                     ("concurrent-3mib", attack_concurrent_3mib), ("odd-paths", attack_odd_paths),
                     ("tls", attack_tls)]:
    if os.environ.get("ONLY") and name not in os.environ["ONLY"].split(","):
        continue
    try:
        answers = attack()
    except Exception as e:  # an attack that breaks the client is still checked for
        print("%s: client error %s" % (name, e), flush=True)
        answers = []
    check(name, answers)

print(json.dumps({"bench": "hostile", "failed": FAILED, "results": RESULTS}))
sys.exit(1 if FAILED else 0)
