// `import OSLog` in widget code from iOS: `Logger` and the rest of the `os` module's logging.
@_exported import os
