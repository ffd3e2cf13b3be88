import CCairo
import FoundationEssentials
import Glibc
import Glint

/// cairo font faces for the font files a scene's glyph runs name, each opened once with FreeType and shared by every
/// vector painter; cairo subsets and embeds the faces a document uses. Outlines are loaded unhinted: a vector
/// glyph is the font's own shape, placed at HarfBuzz's positions by the scene.
final class CairoFonts: @unchecked Sendable {
    /// The fonts of the whole process.
    static let shared = CairoFonts()

    private let lock = Lock()
    private var library: FT_Library?
    private var faces: [String: OpaquePointer] = [:]
    /// How many files it keeps open at most; past it the oldest faces are released (cairo keeps those a document in
    /// progress uses alive until it is finished).
    private static let capacity = 64
    private var order: [String] = []

    private init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    /// A new reference to the cairo face of the font file `path` (the caller destroys it); nil when FreeType cannot
    /// open the file.
    func face(_ path: String) -> OpaquePointer? {
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[path] { return cairo_font_face_reference(face) }
        var ft: FT_Face?
        guard let library, FT_New_Face(library, path, 0, &ft) == 0, let ft else { return nil }
        guard let face = cairo_ft_font_face_create_for_ft_face(ft, Int32(FT_LOAD_NO_HINTING)) else {
            FT_Done_Face(ft)
            return nil
        }
        // FreeType's face lives as long as cairo's: released when cairo drops its last reference.
        let status = cairo_font_face_set_user_data(face, CairoFonts.faceKey, UnsafeMutableRawPointer(ft)) { pointer in
            if let pointer { FT_Done_Face(FT_Face(OpaquePointer(pointer))) }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            FT_Done_Face(ft)
            return nil
        }
        faces[path] = face
        order.append(path)
        if order.count > CairoFonts.capacity, let oldest = order.first, let dropped = faces.removeValue(forKey: oldest) {
            order.removeFirst()
            cairo_font_face_destroy(dropped)
        }
        return cairo_font_face_reference(face)
    }

    /// The user-data key that ties a FreeType face to its cairo face.
    private static let faceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
