-- wrk script: POST the body in the file named by $GLINT_SPEC (default Examples/demo.json) to /render, with the
-- Content-Type $GLINT_CONTENT_TYPE (default application/json; a multipart body of a spec and columns gives its own).
-- wrk -t2 -c8 -d10s --latency -s bench/wrk-render.lua 'http://127.0.0.1:8080/render?width=800&height=500'
wrk.method = "POST"
wrk.headers["Content-Type"] = os.getenv("GLINT_CONTENT_TYPE") or "application/json"
local file = assert(io.open(os.getenv("GLINT_SPEC") or "Examples/demo.json", "rb"))
wrk.body = file:read("*a")
file:close()
