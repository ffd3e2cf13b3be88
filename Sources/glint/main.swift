import Glint
let r = try Renderer()
print(r.diagnostics.report)
let img = try r.render(.demo)
try img.writePNG(to: "/tmp/demo.png")
