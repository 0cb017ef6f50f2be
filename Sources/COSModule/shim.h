/* COSModule: the module map beside this file declares the Clang module `os` (and `os.log`) that
   Sources/os overlays; this module itself declares nothing. */
