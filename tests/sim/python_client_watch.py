#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Python's official Kubernetes client (Debian python3-kubernetes) against the simulated API
# server: list, then watch.Watch().stream resuming from the list's resourceVersion, then a 410
# forced through /sim/v1/compact, which the client reports as ApiException(status=410) after its
# one retry; the caller relists and resumes. Driven by tst_sim_python (prints one line per stage;
# exits non-zero on any surprise, including a missing kubernetes module).
import sys
import urllib.request

from kubernetes import client, config, watch

kubeconfig, base = sys.argv[1], sys.argv[2].rstrip("/")
config.load_kube_config(config_file=kubeconfig)
v1 = client.CoreV1Api()


def pod(name):
    return {"metadata": {"name": name},
            "spec": {"containers": [{"name": "c", "image": "busybox"}]}}


listed = v1.list_namespaced_pod("default")
rv = listed.metadata.resource_version
print(f"listed {len(listed.items)} pods at resourceVersion {rv}", flush=True)

# Written after the list: a watch resumed from the list's resourceVersion must replay it.
v1.create_namespaced_pod("default", pod("py-one"))
w = watch.Watch()
seen = []
for ev in w.stream(v1.list_namespaced_pod, "default", resource_version=rv, timeout_seconds=10):
    seen.append((ev["type"], ev["object"].metadata.name))
    if ev["object"].metadata.name == "py-one":
        w.stop()
if ("ADDED", "py-one") not in seen:
    sys.exit(f"the resumed watch did not replay py-one: {seen}")
last_rv = w.resource_version
print(f"resumed from {rv}: {seen}", flush=True)

# Move the revision on and compact: last_rv is now too old.
v1.create_namespaced_config_map("default", {"metadata": {"name": "py-cm"}})
urllib.request.urlopen(urllib.request.Request(base + "/sim/v1/compact", method="POST")).read()
try:
    for ev in watch.Watch().stream(v1.list_namespaced_pod, "default",
                                   resource_version=last_rv, timeout_seconds=5):
        sys.exit(f"expected 410 Gone, got an event {ev['type']}")
    sys.exit("expected 410 Gone, the stream just ended")
except client.exceptions.ApiException as e:
    if e.status != 410:
        raise
    print(f"watch from {last_rv}: ApiException {e.status} {e.reason}", flush=True)

# Survive it: relist, resume from the new resourceVersion, see the next change.
relisted = v1.list_namespaced_pod("default")
rv2 = relisted.metadata.resource_version
if "py-one" not in [p.metadata.name for p in relisted.items]:
    sys.exit("the relist lacks py-one")
v1.delete_namespaced_pod("py-one", "default")
w2 = watch.Watch()
for ev in w2.stream(v1.list_namespaced_pod, "default", resource_version=rv2, timeout_seconds=10):
    if ev["type"] == "DELETED" and ev["object"].metadata.name == "py-one":
        w2.stop()
        print(f"survived the 410: relisted at {rv2}, saw DELETED py-one", flush=True)
        sys.exit(0)
sys.exit("no DELETED event after the relist")
