-- wrk script: POST the spec named by $GLINT_SPEC (default Examples/demo.json) to /render, as a JSON body.
-- wrk -t2 -c8 -d10s --latency -s bench/wrk-render.lua 'http://127.0.0.1:8080/render?width=800&height=500'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("GLINT_SPEC") or "Examples/demo.json", "r"))
wrk.body = file:read("*a")
file:close()
