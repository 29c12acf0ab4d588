#!/usr/bin/env bash
# One shard of a class, on one machine of a cluster: the task of a Slurm job array
# (SLURM_ARRAY_TASK_ID, from 1) or the pod of a Kubernetes Indexed Job (JOB_COMPLETION_INDEX,
# from 0). `gamekit merge OUT/shard-* --out DIR` joins the shards once all are done.
#
#   grade-shard.sh ASSIGNMENT SUBMISSIONS OUT SHARDS
#
# grades the submissions of SUBMISSIONS in this task's shard into OUT/shard-I. GAMEKIT names
# the gamekit program (by default the one on the PATH); GAMEKIT_KIT the kit, if gamekit
# cannot find it on its own.
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 ASSIGNMENT SUBMISSIONS OUT SHARDS" >&2
  exit 2
fi
assignment=$1 submissions=$2 out=$3 shards=$4
if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  shard=$SLURM_ARRAY_TASK_ID
elif [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
  shard=$((JOB_COMPLETION_INDEX + 1))
else
  echo "$0: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set: which shard is this?" >&2
  exit 2
fi
mkdir -p "$out"
exec "${GAMEKIT:-gamekit}" grade "$assignment" --batch "$submissions" --shard "$shard/$shards" --out "$out/shard-$shard"
