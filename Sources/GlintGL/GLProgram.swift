import CGLES3
import GlintShaders

/// A linked shader program built from two embedded sources, with its uniform locations cached.
package final class GLProgram {
    package let id: GLuint
    private var uniforms: [String: GLint] = [:]

    /// Compiles `<name>.vert` (or `<vertex>.vert`, a vertex shader another program shares) and `<name>.frag` and
    /// links them: the embedded sources, or the files in `shaderDirectory` when one is given (`GLINT_SHADER_DIR`,
    /// for editing shaders live). On a desktop GL context (`desktop`) the sources' `#version 300 es` becomes
    /// `#version 330 core`, which accepts the same GLSL.
    init(_ name: String, vertex vertexName: String? = nil, shaderDirectory: String?, desktop: Bool = false) throws {
        let vertex = try GLProgram.compile((vertexName ?? name) + ".vert", GLenum(GL_VERTEX_SHADER), shaderDirectory, desktop: desktop)
        let fragment = try GLProgram.compile(name + ".frag", GLenum(GL_FRAGMENT_SHADER), shaderDirectory, desktop: desktop)
        id = try GLProgram.linked([vertex, fragment], name: name)
    }

    /// Compiles and links the compute shader `<name>.comp` (OpenGL ES 3.1) from the embedded sources or
    /// `shaderDirectory`: a file of its own unless `prelude` asks for prelude.glsl and coverage.h (the per-pixel
    /// formulas) after its `#version` line; `defines` (`#define` lines) go before them; `version` replaces the
    /// `#version` line (a context of OpenGL ES 3.2 compiles `#version 320 es`, where `precise` keeps products unfused).
    package init(compute name: String, shaderDirectory: String?, prelude: Bool = false, defines: [String: Int] = [:],
                 version: String? = nil) throws {
        let file = name + ".comp"
        guard var body = GLProgram.source(file, shaderDirectory) else { throw GLError.shader(name: file, log: "no such shader source") }
        if let version, let newline = body.firstIndex(of: "\n") { body = version + body[newline...] }
        var inserted = defines.keys.sorted().map { "#define \($0) \(defines[$0]!)\n" }.joined()
        if prelude { inserted += try GLProgram.prelude(shaderDirectory) }
        if !inserted.isEmpty { body = GLProgram.withPrelude(body, inserted) }
        id = try GLProgram.linked([try GLProgram.compiled(body, name: file, kind: GLenum(GL_COMPUTE_SHADER))], name: name)
    }

    /// A program linked from `shaders`, which are deleted (the program keeps them); throws the driver's log.
    private static func linked(_ shaders: [GLuint], name: String) throws -> GLuint {
        let id = glCreateProgram()
        for shader in shaders { glAttachShader(id, shader) }
        glLinkProgram(id)
        for shader in shaders { glDeleteShader(shader) }
        try check(id, name: name, status: GL_LINK_STATUS, query: glGetProgramiv, log: glGetProgramInfoLog, delete: glDeleteProgram)
        return id
    }

    deinit { glDeleteProgram(id) }

    package func set(_ name: String, int x: Int, _ y: Int) { glUniform2i(uniform(name), GLint(x), GLint(y)) }
    package func set(_ name: String, bool: Bool) { glUniform1i(uniform(name), bool ? 1 : 0) }

    /// The location of a uniform (-1 when the driver optimised it away).
    func uniform(_ name: String) -> GLint {
        if let location = uniforms[name] { return location }
        let location = glGetUniformLocation(id, name)
        uniforms[name] = location
        return location
    }

    func set(_ name: String, _ x: Float) { glUniform1f(uniform(name), x) }
    func set(_ name: String, _ x: Float, _ y: Float) { glUniform2f(uniform(name), x, y) }
    func set(_ name: String, _ v: SIMD4<Float>) { glUniform4f(uniform(name), v.x, v.y, v.z, v.w) }
    package func set(_ name: String, int x: Int) { glUniform1i(uniform(name), GLint(x)) }
    func set(_ name: String, int x: Int, _ y: Int, _ z: Int) { glUniform3i(uniform(name), GLint(x), GLint(y), GLint(z)) }
    package func set(_ name: String, uint x: UInt32) { glUniform1ui(uniform(name), x) }

    /// The text of shader file `name`: in `directory` when one is given, else the embedded one.
    private static func source(_ name: String, _ directory: String?) -> String? {
        directory.map { ProcessEnvironment.read($0 + "/" + name) } ?? ShaderSource.named(name)
    }

    private static func compile(_ file: String, _ kind: GLenum, _ directory: String?, desktop: Bool) throws -> GLuint {
        guard let body = source(file, directory) else { throw GLError.shader(name: file, log: "no such shader source") }
        var source = withPrelude(body, try prelude(directory))
        if desktop, source.hasPrefix("#version 300 es") {
            source = "#version 330 core" + source.dropFirst("#version 300 es".count)
        }
        return try compiled(source, name: file, kind: kind)
    }

    /// A shader of `kind` compiled from `source`; throws the driver's log, naming `name`, when it does not compile.
    private static func compiled(_ source: String, name file: String, kind: GLenum) throws -> GLuint {
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        try check(shader, name: file, status: GL_COMPILE_STATUS, query: glGetShaderiv, log: glGetShaderInfoLog,
                  delete: glDeleteShader)
        return shader
    }

    /// prelude.glsl and coverage.h, as every drawing shader starts.
    private static func prelude(_ directory: String?) throws -> String {
        var prelude = ""
        for name in ["prelude.glsl", "coverage.h"] {
            guard let part = source(name, directory) else { throw GLError.shader(name: name, log: "no such shader source") }
            prelude += part + "\n"
        }
        return prelude
    }

    /// `body` with `prelude` (prelude.glsl, then the formulas both painters share, coverage.h) inserted after its first line (the `#version` line, which must come first).
    static func withPrelude(_ body: String, _ prelude: String) -> String {
        guard let newline = body.firstIndex(of: "\n") else { return body + "\n" + prelude }
        return String(body[...newline]) + prelude + "\n#line 2\n" + String(body[body.index(after: newline)...])
    }

    /// Throws the driver's log, after deleting the object, when a compile or link `status` is not true.
    private static func check(_ object: GLuint, name: String, status: Int32,
                              query: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                              log: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void,
                              delete: (GLuint) -> Void) throws {
        var ok: GLint = 0
        query(object, GLenum(status), &ok)
        guard ok != GL_TRUE else { return }
        var buffer = [GLchar](repeating: 0, count: 4096)
        log(object, GLsizei(buffer.count), nil, &buffer)
        delete(object)
        throw GLError.shader(name: name, log: String(cString: buffer))
    }
}
