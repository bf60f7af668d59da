-- wrk script: POST the file named by the BODY environment variable as JSON (GET when BODY is empty),
-- count non-2xx answers.
local name = os.getenv("BODY") or ""
if name ~= "" then
  local f = assert(io.open(name, "rb"))
  wrk.method = "POST"
  wrk.body = f:read("*a")
  f:close()
  wrk.headers["Content-Type"] = "application/json"
end

local bad = 0
function response(status, headers, body)
  if status < 200 or status > 299 then bad = bad + 1 end
end

done = function(summary, latency, requests)
  io.write(string.format("RESULT rps=%.1f p50=%.3f p90=%.3f p99=%.3f errors=%d non2xx=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
