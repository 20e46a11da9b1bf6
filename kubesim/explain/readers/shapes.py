"""The shape of the Kubernetes objects a manifest holds down to its containers' probes: for
each type, its keys and what each one holds (a scalar, an object of a type, a map of free
keys such as `labels`, a list of objects, a list of scalars). `renest.py` puts the keys of a
manifest whose indentation a paste lost back under the parent they belong to by this table.

The core/v1 pod types (PodSpec, Container, Probe and its actions, ContainerPort, Lifecycle)
are held to the API's own schema by tests/test_explain_renest.py (every field, each of the
shape the schema gives it); the workload kinds' keys down to the pod template are those of
apps/v1 (Deployment, StatefulSet, DaemonSet, ReplicaSet), batch/v1 (Job, CronJob) and
core/v1 (Pod). A type not here is no type the re-nesting places keys under.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

__all__ = ["KINDS", "TYPES", "Field", "Shape"]


class Shape(str, Enum):
    """What a key holds."""

    SCALAR = "scalar"
    OBJECT = "object"  # an object of a declared type
    MAP = "map"  # free keys with scalar values: labels, annotations, nodeSelector, limits
    LIST = "list"  # a list of objects of a declared type
    SCALARS = "scalars"  # a list of scalars: command, args, finalizers


class Field(NamedTuple):
    """One key of a type: its shape, and the type of the object (or list item) it holds."""

    shape: Shape
    of: str = ""


# a word alone is a scalar; `key:m` a map; `key:[s]` a list of scalars; `key:Type` an object;
# `key:[Type]` a list of objects
_WORKLOAD = "apiVersion kind metadata:ObjectMeta"
_HANDLER = "exec:ExecAction httpGet:HTTPGetAction tcpSocket:TCPSocketAction"
_CONTAINER = (
    "name image imagePullPolicy command:[s] args:[s] workingDir ports:[ContainerPort] "
    "envFrom:[EnvFromSource] env:[EnvVar] resources:ResourceRequirements "
    "resizePolicy:[ContainerResizePolicy] restartPolicy "
    "restartPolicyRules:[ContainerRestartRule] volumeMounts:[VolumeMount] "
    "volumeDevices:[VolumeDevice] livenessProbe:Probe readinessProbe:Probe startupProbe:Probe "
    "lifecycle:Lifecycle terminationMessagePath terminationMessagePolicy "
    "securityContext:SecurityContext stdin stdinOnce tty")
_SELECTOR_TERM = "matchExpressions:[NodeSelectorRequirement] matchFields:[NodeSelectorRequirement]"
_AFFINITY_TERMS = ("requiredDuringSchedulingIgnoredDuringExecution:[PodAffinityTerm] "
                   "preferredDuringSchedulingIgnoredDuringExecution:[WeightedPodAffinityTerm]")
_PROFILE = "type localhostProfile"
_SPEC: dict[str, str] = {
    # the kinds (apps/v1, batch/v1, core/v1) and their specs down to the pod template
    "Pod": f"{_WORKLOAD} spec:PodSpec",
    "Deployment": f"{_WORKLOAD} spec:DeploymentSpec",
    "StatefulSet": f"{_WORKLOAD} spec:StatefulSetSpec",
    "DaemonSet": f"{_WORKLOAD} spec:DaemonSetSpec",
    "ReplicaSet": f"{_WORKLOAD} spec:ReplicaSetSpec",
    "Job": f"{_WORKLOAD} spec:JobSpec",
    "CronJob": f"{_WORKLOAD} spec:CronJobSpec",
    "ObjectMeta": "name generateName namespace uid resourceVersion generation "
                  "creationTimestamp deletionTimestamp deletionGracePeriodSeconds labels:m "
                  "annotations:m ownerReferences:[OwnerReference] finalizers:[s]",
    "OwnerReference": "apiVersion kind name uid controller blockOwnerDeletion",
    "LabelSelector": "matchLabels:m matchExpressions:[LabelSelectorRequirement]",
    "LabelSelectorRequirement": "key operator values:[s]",
    "PodTemplateSpec": "metadata:ObjectMeta spec:PodSpec",
    "DeploymentSpec": "replicas selector:LabelSelector template:PodTemplateSpec "
                      "strategy:DeploymentStrategy minReadySeconds revisionHistoryLimit paused "
                      "progressDeadlineSeconds",
    "DeploymentStrategy": "type rollingUpdate:RollingUpdate",
    "RollingUpdate": "maxUnavailable maxSurge partition",
    "StatefulSetSpec": "replicas selector:LabelSelector template:PodTemplateSpec "
                       "volumeClaimTemplates:[PersistentVolumeClaim] serviceName "
                       "podManagementPolicy updateStrategy:DeploymentStrategy "
                       "revisionHistoryLimit minReadySeconds "
                       "persistentVolumeClaimRetentionPolicy:PVCRetentionPolicy "
                       "ordinals:StatefulSetOrdinals",
    "PVCRetentionPolicy": "whenDeleted whenScaled",
    "StatefulSetOrdinals": "start",
    "PersistentVolumeClaim": f"{_WORKLOAD} spec:PersistentVolumeClaimSpec",
    "PersistentVolumeClaimSpec": "accessModes:[s] selector:LabelSelector "
                                 "resources:VolumeResourceRequirements volumeName "
                                 "storageClassName volumeMode dataSource:TypedObjectReference "
                                 "dataSourceRef:TypedObjectReference volumeAttributesClassName",
    "VolumeResourceRequirements": "limits:m requests:m",
    "TypedObjectReference": "apiGroup kind name namespace",
    "DaemonSetSpec": "selector:LabelSelector template:PodTemplateSpec "
                     "updateStrategy:DeploymentStrategy minReadySeconds revisionHistoryLimit",
    "ReplicaSetSpec": "replicas minReadySeconds selector:LabelSelector "
                      "template:PodTemplateSpec",
    "JobSpec": "parallelism completions activeDeadlineSeconds podFailurePolicy:PodFailurePolicy "
               "successPolicy:SuccessPolicy backoffLimit backoffLimitPerIndex maxFailedIndexes "
               "selector:LabelSelector manualSelector template:PodTemplateSpec "
               "ttlSecondsAfterFinished completionMode suspend podReplacementPolicy managedBy",
    "PodFailurePolicy": "rules:[PodFailurePolicyRule]",
    "PodFailurePolicyRule": "action onExitCodes:OnExitCodes onPodConditions:[OnPodCondition]",
    "OnExitCodes": "containerName operator values:[s]",
    "OnPodCondition": "type status",
    "SuccessPolicy": "rules:[SuccessPolicyRule]",
    "SuccessPolicyRule": "succeededIndexes succeededCount",
    "CronJobSpec": "schedule timeZone startingDeadlineSeconds concurrencyPolicy suspend "
                   "jobTemplate:JobTemplateSpec successfulJobsHistoryLimit "
                   "failedJobsHistoryLimit",
    "JobTemplateSpec": "metadata:ObjectMeta spec:JobSpec",
}
_CORE: dict[str, str] = {
    # core/v1: the pod spec, its containers and what they hold
    "PodSpec": "volumes:[Volume] initContainers:[Container] containers:[Container] "
               "ephemeralContainers:[EphemeralContainer] restartPolicy "
               "terminationGracePeriodSeconds activeDeadlineSeconds dnsPolicy nodeSelector:m "
               "serviceAccountName serviceAccount automountServiceAccountToken nodeName "
               "hostNetwork hostPID hostIPC shareProcessNamespace "
               "securityContext:PodSecurityContext imagePullSecrets:[LocalObjectReference] "
               "hostname subdomain affinity:Affinity schedulerName tolerations:[Toleration] "
               "hostAliases:[HostAlias] priorityClassName priority dnsConfig:PodDNSConfig "
               "readinessGates:[PodReadinessGate] runtimeClassName enableServiceLinks "
               "preemptionPolicy overhead:m topologySpreadConstraints:[TopologySpreadConstraint] "
               "setHostnameAsFQDN os:PodOS hostUsers schedulingGates:[PodSchedulingGate] "
               "resourceClaims:[PodResourceClaim] resources:ResourceRequirements "
               "hostnameOverride schedulingGroup:PodSchedulingGroup",
    "Container": _CONTAINER,
    "EphemeralContainer": f"{_CONTAINER} targetContainerName",
    "ContainerPort": "name hostPort containerPort protocol hostIP",
    "EnvFromSource": "prefix configMapRef:LocalObjectReference secretRef:LocalObjectReference",
    "EnvVar": "name value valueFrom:EnvVarSource",
    "EnvVarSource": "fieldRef:ObjectFieldSelector resourceFieldRef:ResourceFieldSelector "
                    "configMapKeyRef:KeySelector secretKeyRef:KeySelector",
    "ObjectFieldSelector": "apiVersion fieldPath",
    "ResourceFieldSelector": "containerName resource divisor",
    "KeySelector": "name key optional",
    "LocalObjectReference": "name optional",
    "ResourceRequirements": "limits:m requests:m claims:[ResourceClaim]",
    "ResourceClaim": "name request",
    "ContainerResizePolicy": "resourceName restartPolicy",
    "ContainerRestartRule": "action exitCodes:RestartRuleOnExitCodes",
    "RestartRuleOnExitCodes": "operator values:[s]",
    "VolumeMount": "name readOnly recursiveReadOnly mountPath subPath mountPropagation "
                   "subPathExpr",
    "VolumeDevice": "name devicePath",
    "Probe": f"{_HANDLER} grpc:GRPCAction initialDelaySeconds timeoutSeconds periodSeconds "
             "successThreshold failureThreshold terminationGracePeriodSeconds",
    "ExecAction": "command:[s]",
    "HTTPGetAction": "path port host scheme httpHeaders:[HTTPHeader]",
    "HTTPHeader": "name value",
    "TCPSocketAction": "port host",
    "GRPCAction": "port service",
    "SleepAction": "seconds",
    "Lifecycle": "postStart:LifecycleHandler preStop:LifecycleHandler stopSignal",
    "LifecycleHandler": f"{_HANDLER} sleep:SleepAction",
    "SecurityContext": "capabilities:Capabilities privileged seLinuxOptions:SELinuxOptions "
                       "windowsOptions:WindowsOptions runAsUser runAsGroup runAsNonRoot "
                       "readOnlyRootFilesystem allowPrivilegeEscalation procMount "
                       "seccompProfile:Profile appArmorProfile:Profile",
    "PodSecurityContext": "seLinuxOptions:SELinuxOptions windowsOptions:WindowsOptions "
                          "runAsUser runAsGroup runAsNonRoot supplementalGroups:[s] "
                          "supplementalGroupsPolicy fsGroup sysctls:[Sysctl] "
                          "fsGroupChangePolicy seccompProfile:Profile appArmorProfile:Profile "
                          "seLinuxChangePolicy",
    "Capabilities": "add:[s] drop:[s]",
    "SELinuxOptions": "user role type level",
    "WindowsOptions": "gmsaCredentialSpecName gmsaCredentialSpec runAsUserName hostProcess",
    "Profile": _PROFILE,
    "Sysctl": "name value",
    "Volume": "name hostPath:HostPathVolumeSource emptyDir:EmptyDirVolumeSource "
              "secret:SecretVolumeSource nfs:NFSVolumeSource "
              "persistentVolumeClaim:PVCVolumeSource downwardAPI:DownwardAPIVolumeSource "
              "configMap:ConfigMapVolumeSource projected:ProjectedVolumeSource "
              "csi:CSIVolumeSource",
    "HostPathVolumeSource": "path type",
    "EmptyDirVolumeSource": "medium sizeLimit",
    "SecretVolumeSource": "secretName items:[KeyToPath] defaultMode optional",
    "NFSVolumeSource": "server path readOnly",
    "PVCVolumeSource": "claimName readOnly",
    "DownwardAPIVolumeSource": "items:[DownwardAPIVolumeFile] defaultMode",
    "DownwardAPIVolumeFile": "path fieldRef:ObjectFieldSelector "
                             "resourceFieldRef:ResourceFieldSelector mode",
    "ConfigMapVolumeSource": "name items:[KeyToPath] defaultMode optional",
    "KeyToPath": "key path mode",
    "ProjectedVolumeSource": "sources:[VolumeProjection] defaultMode",
    "VolumeProjection": "secret:SecretProjection configMap:SecretProjection "
                        "downwardAPI:DownwardAPIProjection "
                        "serviceAccountToken:ServiceAccountTokenProjection",
    "SecretProjection": "name items:[KeyToPath] optional",
    "DownwardAPIProjection": "items:[DownwardAPIVolumeFile]",
    "ServiceAccountTokenProjection": "audience expirationSeconds path",
    "CSIVolumeSource": "driver readOnly fsType volumeAttributes:m "
                       "nodePublishSecretRef:LocalObjectReference",
    "Toleration": "key operator value effect tolerationSeconds",
    "HostAlias": "ip hostnames:[s]",
    "PodDNSConfig": "nameservers:[s] searches:[s] options:[PodDNSConfigOption]",
    "PodDNSConfigOption": "name value",
    "PodReadinessGate": "conditionType",
    "PodOS": "name",
    "PodSchedulingGate": "name",
    "PodResourceClaim": "name resourceClaimName resourceClaimTemplateName",
    "PodSchedulingGroup": "podGroupName",
    "TopologySpreadConstraint": "maxSkew topologyKey whenUnsatisfiable "
                                "labelSelector:LabelSelector minDomains nodeAffinityPolicy "
                                "nodeTaintsPolicy matchLabelKeys:[s]",
    "Affinity": "nodeAffinity:NodeAffinity podAffinity:PodAffinity "
                "podAntiAffinity:PodAffinity",
    "NodeAffinity": "requiredDuringSchedulingIgnoredDuringExecution:NodeSelector "
                    "preferredDuringSchedulingIgnoredDuringExecution:[PreferredSchedulingTerm]",
    "NodeSelector": "nodeSelectorTerms:[NodeSelectorTerm]",
    "NodeSelectorTerm": _SELECTOR_TERM,
    "NodeSelectorRequirement": "key operator values:[s]",
    "PreferredSchedulingTerm": "weight preference:NodeSelectorTerm",
    "PodAffinity": _AFFINITY_TERMS,
    "PodAffinityTerm": "labelSelector:LabelSelector namespaceSelector:LabelSelector "
                       "namespaces:[s] topologyKey matchLabelKeys:[s] mismatchLabelKeys:[s]",
    "WeightedPodAffinityTerm": "weight podAffinityTerm:PodAffinityTerm",
}


def _field(text: str) -> tuple[str, Field]:
    key, _, shape = text.partition(":")
    if not shape:
        return key, Field(Shape.SCALAR)
    if shape == "m":
        return key, Field(Shape.MAP)
    if shape == "[s]":
        return key, Field(Shape.SCALARS)
    if shape.startswith("["):
        return key, Field(Shape.LIST, shape[1:-1])
    return key, Field(Shape.OBJECT, shape)


TYPES: dict[str, dict[str, Field]] = {
    name: dict(_field(x) for x in keys.split()) for name, keys in (_SPEC | _CORE).items()}
# the kinds whose manifests are re-nested: those that hold a pod template (or are a Pod)
KINDS = frozenset({"Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job",
                   "CronJob"})
