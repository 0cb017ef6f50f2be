/* `os.log`: Apple's submodule of os logging. Its Swift API (`Logger`, `os_log`, `OSLogType`) is in
   the overlay, Sources/os, which `import os.log` imports with it. */
