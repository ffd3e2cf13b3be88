"""The exceptions and the warning Glint raises, from the C API's status codes (include/glint.h)."""


class GlintError(Exception):
    """A render that failed; `status` is the C API's code (the CLI's exit code from 64 on)."""

    def __init__(self, message, status=70):
        super().__init__(message)
        self.message = message
        self.status = status


class SpecError(GlintError, ValueError):
    """A spec value that is wrong: `path` is its JSON path (such as "series[0].data.y"), `message` what is wrong."""

    def __init__(self, path, message, status=65):
        super().__init__(message, status)
        self.path = path

    def __str__(self):
        return f"{self.path}: {self.message}" if self.path else self.message


class DataError(GlintError, ValueError):
    """Data that cannot be drawn: an array of a type Glint does not take, a CSV cell, a column the spec names
    and none was given, columns of different lengths."""

    def __init__(self, message, status=65):
        super().__init__(message, status)


class BackendUnavailable(GlintError, RuntimeError):
    """The painter asked for ("gl") cannot run here, or a database cannot be reached."""

    def __init__(self, message, status=69):
        super().__init__(message, status)


class GlintNotice(UserWarning):
    """Something the render substituted for what the spec asked (text left out where it does not fit, a fallback
    to the CPU painter, values outside a range), as `glint render` prints it. Shown through `warnings`."""


def error_for(status, message, path):
    """The exception for a failed call's status, message and JSON path."""
    if status == 65:
        if path and not path.startswith("columns["):
            prefix = path + ": "
            return SpecError(path, message[len(prefix):] if message.startswith(prefix) else message, status)
        return DataError(message, status)
    if status == 69:
        return BackendUnavailable(message, status)
    if status == 1:
        return DataError(message, status) if message.startswith("columns[") else GlintError(message, status)
    return GlintError(message, status)
