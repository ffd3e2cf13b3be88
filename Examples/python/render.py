"""Render a chart from Python through Glint's C API (ctypes, no build step).
python3 Examples/python/render.py out.png   (GLINT_LIBRARY: path of libGlintC.so, default .build/release/libGlintC.so)"""
import ctypes, json, os, sys

glint = ctypes.CDLL(os.environ.get("GLINT_LIBRARY", ".build/release/libGlintC.so"))
glint.glint_renderer_create.restype = ctypes.c_void_p
glint.glint_renderer_create.argtypes = [ctypes.c_char_p]
glint.glint_render_png.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                   ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)), ctypes.POINTER(ctypes.c_size_t)]
glint.glint_last_error.restype = ctypes.c_char_p
glint.glint_free.argtypes = [ctypes.c_void_p]
glint.glint_renderer_destroy.argtypes = [ctypes.c_void_p]

spec = json.dumps({"width": 480, "height": 280, "title": "From Python",
                   "series": [{"name": "squares", "x": list(range(10)), "y": [i * i for i in range(10)], "markers": True}]}).encode()
renderer = glint.glint_renderer_create(b"auto")
png, length = ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
if glint.glint_render_png(renderer, spec, len(spec), ctypes.byref(png), ctypes.byref(length)) != 0:
    sys.exit("glint: " + glint.glint_last_error().decode())
with open(sys.argv[1] if len(sys.argv) > 1 else "out.png", "wb") as out:
    out.write(ctypes.string_at(png, length.value))
glint.glint_free(png)
glint.glint_renderer_destroy(renderer)
