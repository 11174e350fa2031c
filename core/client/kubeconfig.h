// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "restconfig.h"

#include <QString>
#include <QStringList>

namespace lens {

/// Reads kubeconfig files the way kubectl and client-go's clientcmd do
/// (k8s.io/client-go/tools/clientcmd: ClientConfigLoadingRules.Load, DirectClientConfig
/// ClientConfig) and resolves one context into a RestConfig.
///
/// Which files: `explicitPath` when given (it must exist), else every file in $KUBECONFIG
/// (':'-separated; missing ones are skipped; for each named cluster, user and context the
/// first file that has it wins, and current-context comes from the first file that sets it),
/// else ~/.kube/config. Relative paths inside a file (certificate-authority,
/// client-certificate, client-key, tokenFile) are resolved against that file's directory.
///
/// What it understands: clusters (server, certificate-authority[-data],
/// insecure-skip-tls-verify, tls-server-name, proxy-url), users (token, tokenFile,
/// client-certificate[-data], client-key[-data], username/password, exec with
/// client.authentication.k8s.io/v1 or v1beta1, impersonation: as, as-uid, as-groups,
/// as-user-extra) and contexts (cluster, user, namespace).
/// The legacy auth-provider is reported as unsupported (kubectl removed it in 1.26).
class KubeconfigLoader {
public:
    /// The files that would be read, in order (for messages and tests).
    static QStringList files(const QString &explicitPath);

    /// Loads and resolves `context` ("" = current-context) into `*out`. Returns false with
    /// `*error` in words a user understands: which file, line and column for YAML errors,
    /// which context, cluster or user is missing, which file a certificate could not be read
    /// from, or which base64 field is broken. Never puts a secret into `*error`.
    ///
    /// `*warnings` (when given, after a successful load): one sentence for each file holding a
    /// credential that group or others may read (a kubeconfig file read, the user's client-key
    /// file, its tokenFile), in helm's words: "Kubernetes configuration file is group-readable.
    /// This is insecure. Location: PATH" ("world-readable" when others may read it; "Kubernetes
    /// client key file", "Kubernetes token file"). Such files are still loaded, as kubectl and
    /// helm load them; the caller shows the warnings once (Session journals them, informer-lens
    /// prints them on stderr after "WARNING: ").
    static bool load(const QString &explicitPath, const QString &context, RestConfig *out,
                     QString *error, QStringList *warnings = nullptr);
};

} // namespace lens
