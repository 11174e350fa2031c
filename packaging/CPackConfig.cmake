# Debian package of the app and the simulator (cpack -G DEB in the build folder).
include(GNUInstallDirs)
set(CPACK_PACKAGE_NAME informer-lens)
set(CPACK_PACKAGE_CONTACT "Informer Lens developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, kubectl | kubernetes-client")
set(CPACK_GENERATOR TGZ DEB)
include(CPack)
