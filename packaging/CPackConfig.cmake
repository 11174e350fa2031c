# SPDX-License-Identifier: Apache-2.0
# The Debian package and the .tar.gz (`cpack` in the build folder; what goes in:
# packaging/CMakeLists.txt and the install() rules of app/). Version: project(VERSION).
include(GNUInstallDirs)
set(CPACK_PACKAGE_NAME informer-lens)
set(CPACK_PACKAGE_VENDOR "Informer Lens developers")
set(CPACK_PACKAGE_CONTACT "Informer Lens developers <informer-lens@users.noreply.github.com>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/informerlens/informer-lens")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR TGZ DEB)
set(CPACK_PACKAGE_FILE_NAME informer-lens_${PROJECT_VERSION}_${CMAKE_SYSTEM_PROCESSOR})

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "${PROJECT_DESCRIPTION}
 Informer Lens re-implements Kubernetes client-go's informer (Reflector
 ListAndWatch, DeltaFIFO, Indexer, SharedIndexInformer, processor listeners,
 resync) and shows its insides live, against a cluster from a kubeconfig or a
 built-in simulated cluster. It also runs a PVC provisioner controller on a
 rate-limited workqueue. Includes the kubectl plugin kubectl-lens, the
 simulated API server informer-lens-sim and the playground informer-lens-play.")
# Depends: the shared libraries the programs link, found by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Qt loads plugins at run time, which shlibdeps cannot see: the desktop's platform plugins (xcb,
# wayland: qt6-qpa-plugins; offscreen is in libqt6gui6) and the SVG icon engine (libqt6svg6).
# The icons go into the hicolor theme, which is a theme (its index.theme, which icon lookups
# read) only with hicolor-icon-theme: without it a menu shows no icon.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6, hicolor-icon-theme")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, kubectl | kubernetes-client")
include(CPack)
