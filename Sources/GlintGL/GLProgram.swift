import CGLES3
import GlintShaders

/// A linked shader program built from two embedded sources, with its uniform locations cached.
final class GLProgram {
    let id: GLuint
    private var uniforms: [String: GLint] = [:]

    /// Compiles `<name>.vert` and `<name>.frag` from the embedded shaders and links them.
    init(_ name: String) throws {
        let vertex = try GLProgram.compile(name + ".vert", GLenum(GL_VERTEX_SHADER))
        let fragment = try GLProgram.compile(name + ".frag", GLenum(GL_FRAGMENT_SHADER))
        id = glCreateProgram()
        glAttachShader(id, vertex)
        glAttachShader(id, fragment)
        glLinkProgram(id)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        var ok: GLint = 0
        glGetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = GLProgram.log { glGetProgramInfoLog(id, $0, nil, $1) }
            glDeleteProgram(id)
            throw GLError.shader(name: name, log: log)
        }
    }

    deinit { glDeleteProgram(id) }

    /// The location of a uniform (-1 when the driver optimised it away).
    func uniform(_ name: String) -> GLint {
        if let location = uniforms[name] { return location }
        let location = glGetUniformLocation(id, name)
        uniforms[name] = location
        return location
    }

    func set(_ name: String, _ x: Float) { glUniform1f(uniform(name), x) }
    func set(_ name: String, _ x: Float, _ y: Float) { glUniform2f(uniform(name), x, y) }
    func set(_ name: String, _ x: Float, _ y: Float, _ z: Float, _ w: Float) { glUniform4f(uniform(name), x, y, z, w) }
    func set(_ name: String, int x: Int) { glUniform1i(uniform(name), GLint(x)) }

    private static func compile(_ file: String, _ kind: GLenum) throws -> GLuint {
        // GLINT_SHADER_DIR lets a developer edit shaders live; installed binaries use the embedded text.
        let source: String?
        if let dir = ProcessEnvironment.value("GLINT_SHADER_DIR") {
            source = ProcessEnvironment.read(dir + "/" + file)
        } else {
            source = ShaderSource.named(file)
        }
        guard let source else { throw GLError.shader(name: file, log: "no such shader source") }
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = GLProgram.log { glGetShaderInfoLog(shader, $0, nil, $1) }
            glDeleteShader(shader)
            throw GLError.shader(name: file, log: log)
        }
        return shader
    }

    private static func log(_ fetch: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var buffer = [GLchar](repeating: 0, count: 4096)
        fetch(GLsizei(buffer.count), &buffer)
        return String(cString: buffer)
    }
}
