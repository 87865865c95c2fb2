"""Validates the Kubernetes manifests in deploy/ offline.

Debian has no Kubernetes schema validator (no kubeconform or kubeval package), and kubectl needs an
API server to validate. So this test carries the schema of the fields these manifests may use,
taken from the Kubernetes API reference (apps/v1 Deployment, v1 Service, policy/v1
PodDisruptionBudget, batch/v1 Job, as of Kubernetes 1.27): an unknown or misspelled field, a wrong type, a bad
enum value, name or quantity, or a duplicate key fails. Then it checks what issue 6 asks of the
deployment and of the batch Jobs (deploy/batch/), and that the probes name a service the API
defines.

With --image-config (the output of `podman image inspect IMAGE`, as tools/container_check.sh
passes it) it also checks that the manifests agree with the built image: the exposed port, the
numeric non-root user, the listen address, the drain time.

Usage: manifests_test.py [--image-config=FILE] ORACLE_PROTO MANIFEST...
"""

import json
import re
import sys
import unittest

import yaml

# ---- a strict YAML loader: duplicate keys are errors (PyYAML keeps the last one silently) ----


class StrictLoader(yaml.SafeLoader):
    pass


def _mapping_without_duplicates(loader, node, deep=False):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, "duplicate key %r" % (key,), key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
                             _mapping_without_duplicates)


def load_documents(text):
    return [d for d in yaml.load_all(text, Loader=StrictLoader) if d is not None]


# ---- the schema: a subset of the Kubernetes API, strict about field names ----

DNS1123_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
IANA_SVC_NAME = re.compile(r"^(?=.{1,15}$)(?=.*[a-z])[a-z0-9]([-a-z0-9]*[a-z0-9])?$")
LABEL_KEY = re.compile(r"^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?"
                       r"[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$")
LABEL_VALUE = re.compile(r"^(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?$")
QUANTITY = re.compile(r"^[0-9]+(\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$")
PERCENT = re.compile(r"^[0-9]+%$")
CAPABILITY = re.compile(r"^[A-Z_]+$")


class Str:
    def __init__(self, pattern=None, enum=None):
        self.pattern, self.enum = pattern, enum


class Int:
    def __init__(self, minimum=None, maximum=None):
        self.minimum, self.maximum = minimum, maximum


class Bool:
    pass


class IntOrString:  # an int, or a string: a percentage or a port name
    pass


class Map:  # string -> string, keys and values checked
    def __init__(self, key, value):
        self.key, self.value = key, value


class List:
    def __init__(self, item):
        self.item = item


class Obj:
    def __init__(self, fields, required=()):
        self.fields, self.required = fields, set(required)


LABELS = Map(LABEL_KEY, LABEL_VALUE)
OBJECT_META = Obj({
    "name": Str(DNS1123_LABEL),
    "namespace": Str(DNS1123_LABEL),
    "labels": LABELS,
    "annotations": Map(LABEL_KEY, None),
})
LABEL_SELECTOR = Obj({
    "matchLabels": LABELS,
    "matchExpressions": List(Obj({
        "key": Str(LABEL_KEY),
        "operator": Str(enum={"In", "NotIn", "Exists", "DoesNotExist"}),
        "values": List(Str()),
    }, required=["key", "operator"])),
})
SECCOMP = Obj({
    "type": Str(enum={"RuntimeDefault", "Localhost", "Unconfined"}),
    "localhostProfile": Str(),
}, required=["type"])
PORT = Int(1, 65535)
PROBE = Obj({
    "grpc": Obj({"port": PORT, "service": Str()}, required=["port"]),
    "httpGet": Obj({"path": Str(), "port": IntOrString(), "scheme": Str(enum={"HTTP", "HTTPS"})},
                   required=["port"]),
    "tcpSocket": Obj({"port": IntOrString()}, required=["port"]),
    "exec": Obj({"command": List(Str())}),
    "initialDelaySeconds": Int(0),
    "periodSeconds": Int(1),
    "timeoutSeconds": Int(1),
    "successThreshold": Int(1),
    "failureThreshold": Int(1),
    "terminationGracePeriodSeconds": Int(1),
})
RESOURCE_LIST = Map(re.compile(r"^(cpu|memory|ephemeral-storage)$"), QUANTITY)
CONTAINER = Obj({
    "name": Str(DNS1123_LABEL),
    "image": Str(),
    "imagePullPolicy": Str(enum={"Always", "IfNotPresent", "Never"}),
    "command": List(Str()),
    "args": List(Str()),
    "env": List(Obj({
        "name": Str(),
        "value": Str(),
        "valueFrom": Obj({"fieldRef": Obj({"fieldPath": Str(), "apiVersion": Str()},
                                          required=["fieldPath"])}),
    }, required=["name"])),
    "workingDir": Str(),
    "volumeMounts": List(Obj({
        "name": Str(DNS1123_LABEL),
        "mountPath": Str(re.compile(r"^/")),
        "readOnly": Bool(),
        "subPath": Str(),
    }, required=["name", "mountPath"])),
    "ports": List(Obj({
        "name": Str(IANA_SVC_NAME),
        "containerPort": PORT,
        "protocol": Str(enum={"TCP", "UDP", "SCTP"}),
    }, required=["containerPort"])),
    "startupProbe": PROBE,
    "readinessProbe": PROBE,
    "livenessProbe": PROBE,
    "resources": Obj({"requests": RESOURCE_LIST, "limits": RESOURCE_LIST}),
    "securityContext": Obj({
        "allowPrivilegeEscalation": Bool(),
        "readOnlyRootFilesystem": Bool(),
        "runAsNonRoot": Bool(),
        "runAsUser": Int(0),
        "runAsGroup": Int(0),
        "privileged": Bool(),
        "capabilities": Obj({"add": List(Str(CAPABILITY)), "drop": List(Str(CAPABILITY))}),
        "seccompProfile": SECCOMP,
    }),
}, required=["name"])
POD_SPEC = Obj({
    "containers": List(CONTAINER),
    "restartPolicy": Str(enum={"Always", "OnFailure", "Never"}),
    "volumes": List(Obj({
        "name": Str(DNS1123_LABEL),
        "configMap": Obj({"name": Str(DNS1123_LABEL), "optional": Bool()}, required=["name"]),
        "persistentVolumeClaim": Obj({"claimName": Str(DNS1123_LABEL), "readOnly": Bool()},
                                     required=["claimName"]),
        "emptyDir": Obj({"sizeLimit": Str(QUANTITY), "medium": Str(enum={"", "Memory"})}),
    }, required=["name"])),
    "automountServiceAccountToken": Bool(),
    "enableServiceLinks": Bool(),
    "serviceAccountName": Str(DNS1123_LABEL),
    "terminationGracePeriodSeconds": Int(0),
    "securityContext": Obj({
        "runAsNonRoot": Bool(),
        "runAsUser": Int(0),
        "runAsGroup": Int(0),
        "fsGroup": Int(0),
        "supplementalGroups": List(Int(0)),
        "seccompProfile": SECCOMP,
    }),
    "topologySpreadConstraints": List(Obj({
        "maxSkew": Int(1),
        "topologyKey": Str(),
        "whenUnsatisfiable": Str(enum={"DoNotSchedule", "ScheduleAnyway"}),
        "labelSelector": LABEL_SELECTOR,
    }, required=["maxSkew", "topologyKey", "whenUnsatisfiable"])),
}, required=["containers"])
DEPLOYMENT = Obj({
    "apiVersion": Str(enum={"apps/v1"}),
    "kind": Str(enum={"Deployment"}),
    "metadata": OBJECT_META,
    "spec": Obj({
        "replicas": Int(0),
        "revisionHistoryLimit": Int(0),
        "minReadySeconds": Int(0),
        "progressDeadlineSeconds": Int(1),
        "selector": LABEL_SELECTOR,
        "strategy": Obj({
            "type": Str(enum={"RollingUpdate", "Recreate"}),
            "rollingUpdate": Obj({"maxSurge": IntOrString(), "maxUnavailable": IntOrString()}),
        }),
        "template": Obj({
            "metadata": OBJECT_META,
            "spec": POD_SPEC,
        }, required=["spec"]),
    }, required=["selector", "template"]),
}, required=["apiVersion", "kind", "metadata", "spec"])
SERVICE = Obj({
    "apiVersion": Str(enum={"v1"}),
    "kind": Str(enum={"Service"}),
    "metadata": OBJECT_META,
    "spec": Obj({
        "type": Str(enum={"ClusterIP", "NodePort", "LoadBalancer", "ExternalName"}),
        "clusterIP": Str(),
        "selector": LABELS,
        "publishNotReadyAddresses": Bool(),
        "ports": List(Obj({
            "name": Str(DNS1123_LABEL),
            "port": PORT,
            "targetPort": IntOrString(),
            "protocol": Str(enum={"TCP", "UDP", "SCTP"}),
            "appProtocol": Str(),
        }, required=["port"])),
    }),
}, required=["apiVersion", "kind", "metadata", "spec"])
PDB = Obj({
    "apiVersion": Str(enum={"policy/v1"}),
    "kind": Str(enum={"PodDisruptionBudget"}),
    "metadata": OBJECT_META,
    "spec": Obj({
        "minAvailable": IntOrString(),
        "maxUnavailable": IntOrString(),
        "selector": LABEL_SELECTOR,
        "unhealthyPodEvictionPolicy": Str(enum={"IfHealthyBudget", "AlwaysAllow"}),
    }),
}, required=["apiVersion", "kind", "metadata", "spec"])
JOB = Obj({
    "apiVersion": Str(enum={"batch/v1"}),
    "kind": Str(enum={"Job"}),
    "metadata": OBJECT_META,
    "spec": Obj({
        "completionMode": Str(enum={"NonIndexed", "Indexed"}),
        "completions": Int(1),
        "parallelism": Int(0),
        "backoffLimit": Int(0),
        "activeDeadlineSeconds": Int(1),
        "ttlSecondsAfterFinished": Int(0),
        "template": Obj({
            "metadata": OBJECT_META,
            "spec": POD_SPEC,
        }, required=["spec"]),
    }, required=["template"]),
}, required=["apiVersion", "kind", "metadata", "spec"])
SCHEMAS = {"Deployment": DEPLOYMENT, "Service": SERVICE, "PodDisruptionBudget": PDB, "Job": JOB}


def validate(value, schema, path, errors):
    """Appends to `errors` one message per violation of `schema` by `value` at `path`."""
    def bad(what):
        errors.append("%s: %s" % (path, what))

    if isinstance(schema, Obj):
        if not isinstance(value, dict):
            return bad("expected an object, got %r" % (value,))
        for key in sorted(schema.required - set(value)):
            bad("missing required field %r" % key)
        for key, item in value.items():
            if key not in schema.fields:
                bad("unknown field %r (known: %s)" % (key, ", ".join(sorted(schema.fields))))
            else:
                validate(item, schema.fields[key], "%s.%s" % (path, key), errors)
    elif isinstance(schema, List):
        if not isinstance(value, list):
            return bad("expected a list, got %r" % (value,))
        for i, item in enumerate(value):
            validate(item, schema.item, "%s[%d]" % (path, i), errors)
    elif isinstance(schema, Map):
        if not isinstance(value, dict):
            return bad("expected a map of strings, got %r" % (value,))
        for k, v in value.items():
            if not isinstance(k, str) or not schema.key.match(k):
                bad("bad key %r" % (k,))
            if schema.value is QUANTITY:
                if not isinstance(v, str) or not QUANTITY.match(v):
                    bad("%s: bad quantity %r (a string such as \"250m\" or \"64Mi\")" % (k, v))
            elif not isinstance(v, str):
                bad("%s: expected a string, got %r" % (k, v))
            elif schema.value is not None and not schema.value.match(v):
                bad("%s: bad value %r" % (k, v))
    elif isinstance(schema, Str):
        if not isinstance(value, str):
            return bad("expected a string, got %r" % (value,))
        if schema.pattern is not None and not schema.pattern.match(value):
            bad("bad value %r" % value)
        if schema.enum is not None and value not in schema.enum:
            bad("%r is not one of %s" % (value, ", ".join(sorted(schema.enum))))
    elif isinstance(schema, Int):
        if not isinstance(value, int) or isinstance(value, bool):
            return bad("expected an integer, got %r" % (value,))
        if schema.minimum is not None and value < schema.minimum:
            bad("%d is below %d" % (value, schema.minimum))
        if schema.maximum is not None and value > schema.maximum:
            bad("%d is above %d" % (value, schema.maximum))
    elif isinstance(schema, Bool):
        if not isinstance(value, bool):
            bad("expected true or false, got %r" % (value,))
    elif isinstance(schema, IntOrString):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            bad("expected an integer or a string, got %r" % (value,))
        elif isinstance(value, str) and not (PERCENT.match(value) or IANA_SVC_NAME.match(value)):
            bad("bad value %r (a percentage or a port name)" % value)
    else:
        raise AssertionError("unknown schema node at %s" % path)


def validate_document(doc):
    kind = doc.get("kind") if isinstance(doc, dict) else None
    if kind not in SCHEMAS:
        return ["document of kind %r: not one this deployment uses" % (kind,)]
    errors = []
    validate(doc, SCHEMAS[kind], kind, errors)
    return errors


# ---- quantities ----

_SUFFIX = {"m": 1e-3, "": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12,
           "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40}


def quantity(text):
    m = re.match(r"^([0-9.]+)([A-Za-z]*)$", str(text))
    return float(m.group(1)) * _SUFFIX[m.group(2)]


# ---- the built image's configuration ----

def image_runtime(inspect_json):
    """USER, exposed ports and ENTRYPOINT from `podman image inspect` output."""
    config = json.loads(inspect_json)[0]["Config"]
    return {
        "user": config.get("User") or None,
        "expose": [int(p.split("/")[0]) for p in (config.get("ExposedPorts") or {})],
        "entrypoint": config.get("Entrypoint") or [],
    }


def flag_value(args, name):
    value = None
    for a in args:
        if a.startswith("--%s=" % name):
            value = a.split("=", 1)[1]
    return value


def seconds(duration):
    m = re.match(r"^([0-9.]+)(ms|s|m)$", duration)
    return float(m.group(1)) * {"ms": 1e-3, "s": 1, "m": 60}[m.group(2)]


class ManifestsTest(unittest.TestCase):
    image_config_path = None
    proto_path = None
    manifest_paths = []

    @classmethod
    def setUpClass(cls):
        cls.docs = []
        for path in cls.manifest_paths:
            with open(path) as f:
                for doc in load_documents(f.read()):
                    cls.docs.append((path, doc))
        cls.image = None
        if cls.image_config_path:
            with open(cls.image_config_path) as f:
                cls.image = image_runtime(f.read())
        with open(cls.proto_path) as f:
            proto = f.read()
        package = re.search(r"(?m)^package\s+([\w.]+);", proto).group(1)
        cls.api_services = ["%s.%s" % (package, s)
                            for s in re.findall(r"(?m)^service\s+(\w+)", proto)]

    def one(self, kind):
        found = [d for _, d in self.docs if d.get("kind") == kind]
        self.assertEqual(len(found), 1, "want exactly one %s" % kind)
        return found[0]

    def pod_labels(self):
        return self.one("Deployment")["spec"]["template"]["metadata"]["labels"]

    def container(self):
        containers = self.one("Deployment")["spec"]["template"]["spec"]["containers"]
        self.assertEqual(len(containers), 1)
        return containers[0]

    def grpc_port(self):
        ports = [p for p in self.container()["ports"] if p.get("name") == "grpc"]
        self.assertEqual(len(ports), 1, "want one container port named grpc")
        return ports[0]["containerPort"]

    def assertSelects(self, selector, what):
        labels = self.pod_labels()
        self.assertTrue(selector, "%s: empty selector" % what)
        for k, v in selector.items():
            self.assertEqual(labels.get(k), v,
                             "%s selects %s=%s, which the pods lack" % (what, k, v))

    # -- schema --

    def test_every_document_matches_the_api_schema(self):
        self.assertTrue(self.docs, "no manifests")
        for path, doc in self.docs:
            errors = validate_document(doc)
            self.assertEqual(errors, [], "%s:\n  %s" % (path, "\n  ".join(errors)))
        self.assertEqual(sorted(d["kind"] for _, d in self.docs),
                         ["Deployment", "Job", "Job", "PodDisruptionBudget", "Service"])
        names = {d["metadata"]["name"] for _, d in self.docs if d["kind"] != "Job"}
        self.assertEqual(names, {"puzzle-oracle"})

    def test_the_validator_rejects_mistakes(self):
        # A misspelled field, a wrong type, a bad quantity, a bad enum value.
        bad = yaml.safe_load(yaml.safe_dump(self.one("Deployment")))
        c = bad["spec"]["template"]["spec"]["containers"][0]
        c["readinesProbe"] = c.pop("readinessProbe")
        c["resources"]["limits"]["memory"] = "256MB"
        c["imagePullPolicy"] = "Sometimes"
        bad["spec"]["replicas"] = "3"
        errors = "\n".join(validate_document(bad))
        self.assertIn("unknown field 'readinesProbe'", errors)
        self.assertIn("memory: bad quantity '256MB'", errors)
        self.assertIn("'Sometimes' is not one of", errors)
        self.assertIn("Deployment.spec.replicas: expected an integer, got '3'", errors)
        with self.assertRaisesRegex(yaml.constructor.ConstructorError, "duplicate key 'port'"):
            load_documents("grpc:\n  port: 1\n  port: 2\n")

    # -- what the issue asks for --

    def test_deployment_runs_three_replicas_of_its_own_pods(self):
        spec = self.one("Deployment")["spec"]
        self.assertEqual(spec["replicas"], 3)
        self.assertSelects(spec["selector"]["matchLabels"], "the Deployment")
        self.assertEqual(spec["strategy"]["rollingUpdate"]["maxUnavailable"], 0)

    def test_native_grpc_probes_on_the_health_service(self):
        c = self.container()
        port = self.grpc_port()
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            self.assertIn(probe, c)
            self.assertEqual(set(c[probe]) & {"httpGet", "tcpSocket", "exec"}, set(), probe)
            self.assertEqual(c[probe]["grpc"]["port"], port, probe)
            service = c[probe]["grpc"].get("service", "")
            # "" is the server as a whole; otherwise a service the API defines.
            self.assertIn(service, [""] + self.api_services, probe)
        self.assertEqual(c["readinessProbe"]["grpc"]["service"], "puzzleoracle.v2.PuzzleOracle")

    def test_requests_and_limits(self):
        resources = self.container()["resources"]
        for r in ("cpu", "memory"):
            request = quantity(resources["requests"][r])
            limit = quantity(resources["limits"][r])
            self.assertGreater(request, 0, r)
            self.assertLessEqual(request, limit, r)
        # The server maps its tables (about 860 MiB, the 3x3x3's 785 MiB) and holds about 890 MiB
        # idle; leave room for gRPC's buffers under load.
        self.assertGreaterEqual(quantity(resources["limits"]["memory"]), 1024 * 2**20)

    def test_security_context(self):
        pod = self.one("Deployment")["spec"]["template"]["spec"]
        c = self.container()["securityContext"]
        self.assertTrue(c.get("runAsNonRoot", pod["securityContext"].get("runAsNonRoot")))
        self.assertIs(c["readOnlyRootFilesystem"], True)
        self.assertIs(c["allowPrivilegeEscalation"], False)
        self.assertEqual(c["capabilities"]["drop"], ["ALL"])
        self.assertFalse(c.get("privileged", False))
        self.assertIs(pod["automountServiceAccountToken"], False)

    def test_headless_service_reaches_the_pods_own_port(self):
        spec = self.one("Service")["spec"]
        self.assertEqual(spec["clusterIP"], "None")
        self.assertSelects(spec["selector"], "the Service")
        self.assertEqual(len(spec["ports"]), 1)
        port = spec["ports"][0]
        target = port["targetPort"]
        if isinstance(target, str):
            named = [p["containerPort"] for p in self.container()["ports"]
                     if p.get("name") == target]
            self.assertEqual(len(named), 1, "targetPort %r names no container port" % target)
            target = named[0]
        # Clients of a headless Service connect to the pods directly, on the port they resolve.
        self.assertEqual(port["port"], target)
        self.assertEqual(target, self.grpc_port())

    def test_disruption_budget_keeps_two_of_three(self):
        spec = self.one("PodDisruptionBudget")["spec"]
        self.assertSelects(spec["selector"]["matchLabels"], "the PodDisruptionBudget")
        replicas = self.one("Deployment")["spec"]["replicas"]
        self.assertEqual(len({"minAvailable", "maxUnavailable"} & set(spec)), 1)
        available = (spec["minAvailable"] if "minAvailable" in spec
                     else replicas - spec["maxUnavailable"])
        self.assertEqual(available, replicas - 1)

    # -- the batch Jobs (issue 22) --

    def jobs(self):
        return {d["metadata"]["name"]: d for _, d in self.docs if d["kind"] == "Job"}

    def test_batch_jobs_are_indexed_and_shard_by_their_index(self):
        jobs = self.jobs()
        self.assertEqual(set(jobs), {"puzzle-oracle-batch", "puzzle-oracle-batch-remote"})
        for name, job in jobs.items():
            spec = job["spec"]
            self.assertEqual(spec["completionMode"], "Indexed", name)
            self.assertEqual(spec["parallelism"], spec["completions"], name)
            pod = spec["template"]["spec"]
            self.assertEqual(pod["restartPolicy"], "OnFailure", name)
            (c,) = pod["containers"]
            args = c["args"]
            self.assertEqual(args[-1], "batch", name)
            # Every pod takes its own shard of completions, continues its part when restarted,
            # and writes a part named by its index.
            self.assertEqual(flag_value(args, "shard"), str(spec["completions"]), name)
            self.assertIn("--resume", args, name)
            self.assertIn("$(JOB_COMPLETION_INDEX)", flag_value(args, "output"), name)
            env = {e["name"]: e for e in c["env"]}
            self.assertEqual(
                env["JOB_COMPLETION_INDEX"]["valueFrom"]["fieldRef"]["fieldPath"],
                "metadata.annotations['batch.kubernetes.io/job-completion-index']", name)
            mounts = {m["mountPath"].rstrip("/"): m for m in c["volumeMounts"]}
            for flag, read_only in (("input", True), ("output", False)):
                directory = flag_value(args, flag).rsplit("/", 1)[0]
                self.assertIn(directory, mounts, "%s: --%s is on no volume" % (name, flag))
                self.assertEqual(mounts[directory].get("readOnly", False), read_only, name)
            volumes = {v["name"] for v in pod["volumes"]}
            self.assertEqual({m["name"] for m in c["volumeMounts"]}, volumes, name)
            sc = c["securityContext"]
            self.assertIs(sc["readOnlyRootFilesystem"], True, name)
            self.assertEqual(sc["capabilities"]["drop"], ["ALL"], name)
            self.assertIs(pod["automountServiceAccountToken"], False, name)
        # In process from the image's tables; remote through the Service, on its port.
        local = jobs["puzzle-oracle-batch"]["spec"]["template"]["spec"]["containers"][0]["args"]
        self.assertEqual(flag_value(local, "tables_dir"), "/opt/puzzle-oracle/data")
        remote = jobs["puzzle-oracle-batch-remote"]["spec"]["template"]["spec"]["containers"][0]
        service = self.one("Service")
        self.assertEqual(flag_value(remote["args"], "server"), "dns:///%s:%d" % (
            service["metadata"]["name"], service["spec"]["ports"][0]["port"]))

    def test_batch_pods_are_not_servers(self):
        # The Service, the Deployment and the disruption budget must not select a batch pod.
        selectors = [self.one("Service")["spec"]["selector"],
                     self.one("Deployment")["spec"]["selector"]["matchLabels"],
                     self.one("PodDisruptionBudget")["spec"]["selector"]["matchLabels"]]
        for name, job in self.jobs().items():
            labels = job["spec"]["template"]["metadata"]["labels"]
            for selector in selectors:
                self.assertFalse(all(labels.get(k) == v for k, v in selector.items()),
                                 "%s's pods match the selector %s" % (name, selector))

    # -- agreement with the image --

    def test_matches_the_image(self):
        if self.image is None:
            self.skipTest("no --image-config: tools/container_check.sh runs it on the built image")
        c = self.container()
        pod = self.one("Deployment")["spec"]["template"]["spec"]
        self.assertIn(self.grpc_port(), self.image["expose"])
        # runAsNonRoot needs a numeric USER in the image (or runAsUser) to check against.
        user = self.image["user"]
        self.assertIsNotNone(user, "the image sets no USER")
        uid = user.split(":")[0]
        self.assertRegex(uid, r"^[0-9]+$", "USER must be numeric for runAsNonRoot")
        self.assertNotEqual(int(uid), 0)
        self.assertEqual(pod["securityContext"]["runAsUser"], int(uid))
        # The container listens on all interfaces, on the port the probes use.
        args = self.image["entrypoint"] + c.get("args", [])
        self.assertEqual(flag_value(args, "address"), "0.0.0.0:%d" % self.grpc_port())
        # The HTTP gateway (metrics, JSON API) on the container port named http.
        http = [p["containerPort"] for p in c["ports"] if p.get("name") == "http"]
        self.assertEqual(len(http), 1, "no container port named http")
        self.assertIn(http[0], self.image["expose"])
        self.assertEqual(flag_value(args, "http_address"), "0.0.0.0:%d" % http[0])
        # Kubernetes waits for the server's drain before it sends SIGKILL.
        grace = seconds(flag_value(args, "shutdown_grace") or "5s")
        self.assertGreater(pod["terminationGracePeriodSeconds"], grace)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0].startswith("--image-config="):
        ManifestsTest.image_config_path = args.pop(0).split("=", 1)[1]
    if len(args) < 2:
        sys.exit(__doc__)
    ManifestsTest.proto_path, ManifestsTest.manifest_paths = args[0], args[1:]
    unittest.main(argv=sys.argv[:1], verbosity=2)
