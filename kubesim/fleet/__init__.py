"""Fleets: N replicas of one pod, each its own kubelet, sharing the app's wall-clock world.

`settings` (what the user declares), `load` (the opt-in load model: answers slow down as fewer
replicas serve), `run` (the replicas on the engine), `capacity` (serving endpoints over time
and the fleet's summary figures).
"""
