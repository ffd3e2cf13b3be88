import CGLES3
import GlintGL
import GlintScene
import GlintText

/// The compute painter's passes in the current context: per batch, the items binned to tiles (tile_bin.comp
/// counting, tile_scan.comp's prefix sum, tile_bin.comp placing, tile_sort.comp putting each tile's list in scene
/// order), then the fine pass (tile_fine.comp) drawing every pixel of every tile into an R32UI image that holds the
/// packed RGBA8 bytes; after the last batch, the image read back. Programs are compiled once; buffers are filled
/// afresh for each batch. The caller keeps the context current.
final class TilePasses {
    /// Pixels a tile side: a work group of the fine pass draws tileSize × tileSize pixels.
    let tileSize: Int
    /// `GL_MAX_SHADER_STORAGE_BLOCK_SIZE`: the most bytes a buffer the shaders read may hold.
    let maxBlockBytes: Int
    /// `GL_MAX_TEXTURE_SIZE`: the largest image side.
    let maxTextureSide: Int
    private let binning: GLProgram, scan: GLProgram, sort: GLProgram, fine: GLProgram
    /// By binding: items, records, tile counts, tile starts, tile lists, side words, atlas, commands.
    private var buffers = [GLuint](repeating: 0, count: 8)
    /// The image and a line's carried coverage (R32UI both), and the framebuffer the image is read through.
    private var images: [GLuint] = [0, 0]
    private var framebuffer: GLuint = 0
    private var imageSize = (width: 0, height: 0)
    /// The atlas last uploaded: its engine, generation and size (an engine's atlas only grows between paints).
    private var atlasUploaded: (engine: ObjectIdentifier, generation: Int, width: Int, height: Int)?

    private enum Binding: Int { case items = 0, records, counts, starts, lists, words, atlas, commands }

    /// Compiles the passes for tiles of `tileSize` pixels (8, 16 or 32); throws `GLError` where the context has no
    /// compute shaders (before OpenGL ES 3.1) or a shader does not compile.
    init(tileSize: Int, shaderDirectory: String?) throws {
        let limits = try ComputeLimits.current()
        var textureSide: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &textureSide)
        (self.tileSize, maxBlockBytes, maxTextureSide) = (tileSize, limits.maxBlockBytes, Int(textureSide))
        let tile = ["TILE_SIZE": tileSize]
        binning = try GLProgram(compute: "tile_bin", shaderDirectory: shaderDirectory, defines: tile)
        scan = try GLProgram(compute: "tile_scan", shaderDirectory: shaderDirectory)
        sort = try GLProgram(compute: "tile_sort", shaderDirectory: shaderDirectory)
        // OpenGL ES 3.2 can keep the formulas' products unfused (`precise`), as the CPU painter's C computes them.
        fine = try GLProgram(compute: "tile_fine", shaderDirectory: shaderDirectory, prelude: true, defines: tile,
                             version: (limits.major, limits.minor) >= (3, 2) ? "#version 320 es" : nil)
        glGenBuffers(GLsizei(buffers.count), &buffers)
        glGenFramebuffers(1, &framebuffer)
        try TilePasses.check("preparing the compute painter")
    }

    deinit {
        glDeleteBuffers(GLsizei(buffers.count), buffers)
        glDeleteTextures(2, images)
        glDeleteFramebuffers(1, [framebuffer])
    }

    /// The pixels of `scene` (premultiplied RGBA8, top row first); the time goes to `phases`.
    func paint(_ scene: TileScene, budget: TileBatch.Budget, phases: inout PaintPhases) throws -> [UInt8] {
        let (width, height) = (scene.width, scene.height)
        guard width > 0, height > 0, width <= maxTextureSide, height <= maxTextureSide else {
            throw GLError.framebuffer("\(width)x\(height) exceeds the GL limit of \(maxTextureSide) pixels per side")
        }
        makeImages(width: width, height: height)
        var uploadTime = 0.0
        let start = PaintPhases.now()
        try uploadAtlas(scene.atlas, of: scene.engine)
        var resumes = false
        // Making a batch on the CPU counts as upload, as the GL painter's conversion of points does.
        var made = PaintPhases.now()
        try scene.forEachBatch(tileSize: tileSize, budget: budget) { batch in
            uploadTime += PaintPhases.since(made)
            try draw(batch, scene: scene, resumes: resumes, uploadTime: &uploadTime)
            resumes = true
            made = PaintPhases.now()
        }
        // The GPU's work is the draw's, not the readback's.
        glFinish()
        let readStart = PaintPhases.now()
        phases.upload += uploadTime
        phases.draw += PaintPhases.since(start) - uploadTime
        defer { phases.readback += PaintPhases.since(readStart) }
        return try readBack(width: width, height: height)
    }

    /// Bins and draws one batch.
    private func draw(_ batch: TileBatch, scene: TileScene, resumes: Bool, uploadTime: inout Double) throws {
        let uploading = PaintPhases.now()
        let across = (scene.width + tileSize - 1) / tileSize, down = (scene.height + tileSize - 1) / tileSize
        let tiles = across * down
        try upload(batch.items.bytes, .items)
        try upload(batch.records.bytes, .records)
        try batch.commands.withUnsafeBytes { try upload($0, .commands) }
        try upload(batch.words.bytes, .words)
        try [UInt32](repeating: 0, count: tiles).withUnsafeBytes { try upload($0, .counts) }
        try reserve(tiles + 1, .starts)
        try reserve(batch.entries, .lists)
        uploadTime += PaintPhases.since(uploading)
        let storage = GLbitfield(GL_SHADER_STORAGE_BARRIER_BIT)
        let items = UInt32(batch.items.count)
        if items > 0 {
            glUseProgram(binning.id)
            binning.set("itemCount", uint: items)
            binning.set("tilesAcross", uint: UInt32(across))
            binning.set("placing", bool: false)
            dispatch(items: Int(items))
            glMemoryBarrier(storage)
        }
        glUseProgram(scan.id)
        scan.set("tileCount", uint: UInt32(tiles))
        glDispatchCompute(1, 1, 1)
        glMemoryBarrier(storage)
        if items > 0 {
            glUseProgram(binning.id)
            binning.set("placing", bool: true)
            dispatch(items: Int(items))
            glMemoryBarrier(storage)
            glUseProgram(sort.id)
            glDispatchCompute(GLuint(across), GLuint(down), 1)
            glMemoryBarrier(storage)
        }
        glUseProgram(fine.id)
        fine.set("background", uint: scene.background)
        fine.set("size", int: scene.width, scene.height)
        fine.set("commandCount", int: batch.commandCount)
        fine.set("atlasWidth", int: scene.atlas.width)
        fine.set("resumes", bool: resumes)
        fine.set("carriesIn", bool: batch.carriesIn)
        fine.set("carriesOut", bool: batch.carriesOut)
        glBindImageTexture(0, images[0], 0, GLboolean(GL_FALSE), 0, GLenum(GL_READ_WRITE), GLenum(GL_R32UI))
        glBindImageTexture(1, images[1], 0, GLboolean(GL_FALSE), 0, GLenum(GL_READ_WRITE), GLenum(GL_R32UI))
        glDispatchCompute(GLuint(across), GLuint(down), 1)
        glMemoryBarrier(GLbitfield(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT))
        try TilePasses.check("drawing a batch of \(items) items")
    }

    /// The binning over `items` items, 256 to a work group, in rows of at most 65,535 groups (what every driver offers).
    private func dispatch(items: Int) {
        let groups = (items + 255) / 256, across = min(groups, 65_535)
        glDispatchCompute(GLuint(across), GLuint((groups + across - 1) / across), 1)
    }

    /// The image and carried-coverage textures for `width` × `height` pixels, made anew when the size changes.
    private func makeImages(width: Int, height: Int) {
        guard imageSize != (width, height) else { return }
        glDeleteTextures(2, images)
        glGenTextures(2, &images)
        for image in images {
            glBindTexture(GLenum(GL_TEXTURE_2D), image)
            glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R32UI), GLsizei(width), GLsizei(height))
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        imageSize = (width, height)
    }

    /// The atlas's texels four to a word, uploaded when it changed since the last paint.
    private func uploadAtlas(_ atlas: GlyphAtlas, of engine: ObjectIdentifier) throws {
        let key = (engine, atlas.generation, atlas.width, atlas.height)
        guard atlasUploaded.map({ $0 != key }) ?? true else {
            glBindBufferBase(GLenum(GL_SHADER_STORAGE_BUFFER), GLuint(Binding.atlas.rawValue), buffers[Binding.atlas.rawValue])
            return
        }
        try TileBatch.packed(atlas.pixels[...]).withUnsafeBytes { try upload($0, .atlas) }
        atlasUploaded = key
    }

    /// `bytes` into the buffer bound at `binding`.
    private func upload(_ bytes: UnsafeRawBufferPointer, _ binding: Binding) throws {
        try store(bytes.count, bytes.count > 0 ? bytes.baseAddress : nil, binding, usage: GL_STREAM_DRAW)
    }

    /// Room for `count` words in the buffer bound at `binding`, its contents undefined.
    private func reserve(_ count: Int, _ binding: Binding) throws {
        try store(count * 4, nil, binding, usage: GL_DYNAMIC_COPY)
    }

    /// `count` bytes from `data` (nil: undefined) into the buffer bound at `binding`; 16 when empty, as a buffer the
    /// shaders declare is never empty.
    private func store(_ count: Int, _ data: UnsafeRawPointer?, _ binding: Binding, usage: Int32) throws {
        let target = GLenum(GL_SHADER_STORAGE_BUFFER)
        guard count <= maxBlockBytes else {
            throw GLError.gl("\(count) bytes of \(binding) are over GL_MAX_SHADER_STORAGE_BLOCK_SIZE (\(maxBlockBytes))")
        }
        glBindBuffer(target, buffers[binding.rawValue])
        glBufferData(target, max(count, 16), data, GLenum(usage))
        glBindBufferBase(target, GLuint(binding.rawValue), buffers[binding.rawValue])
    }

    /// The image's words as RGBA8 bytes, top row first: read as the driver prefers to give an R32UI image (its red
    /// words alone), else as RGBA words a strip of rows at a time, keeping red.
    private func readBack(width: Int, height: Int) throws -> [UInt8] {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0) }
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), images[0], 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebuffer("the compute painter's R32UI image cannot be read")
        }
        var format: GLint = 0, type: GLint = 0
        glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_FORMAT), &format)
        glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_TYPE), &type)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            if format == GL_RED_INTEGER && type == GL_UNSIGNED_INT {
                glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RED_INTEGER), GLenum(GL_UNSIGNED_INT), buffer.baseAddress)
            } else {
                let rows = max(1, (1 << 22) / width)
                var strip = [UInt32](repeating: 0, count: rows * width * 4)
                for top in stride(from: 0, to: height, by: rows) {
                    let count = min(rows, height - top)
                    glReadPixels(0, GLint(top), GLsizei(width), GLsizei(count), GLenum(GL_RGBA_INTEGER), GLenum(GL_UNSIGNED_INT), &strip)
                    let out = UnsafeMutableRawPointer(buffer.baseAddress! + top * width * 4)
                    for i in 0..<(count * width) { out.storeBytes(of: strip[4 * i], toByteOffset: 4 * i, as: UInt32.self) }
                }
            }
            initialized = buffer.count
        }
        try TilePasses.check("reading the image back")
        return pixels
    }

    /// Throws the GL error pending, if any, saying what was being done.
    private static func check(_ doing: String) throws {
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLError.gl("0x" + String(error, radix: 16) + " while " + doing) }
    }
}
