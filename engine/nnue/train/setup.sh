#!/usr/bin/env bash
# setup.sh — installs what the NNUE trainer needs (Debian's python3-torch and python3-numpy, and
# the build tools) through the project's dependency helper, then checks that /usr/bin/python3 has them.
# Usage: bash engine/nnue/train/setup.sh   (as root it installs; otherwise it prints the apt-get line)
set -euo pipefail
cd "$(dirname "$0")/../../.."
source tests/deps.sh
simia_need_packages python3-torch python3-numpy
/usr/bin/python3 -c "import numpy, torch" || {
    echo "setup.sh: /usr/bin/python3 cannot import numpy and torch although their packages are installed" >&2
    exit 1; }
echo "The trainer is ready: /usr/bin/python3 engine/nnue/train/train.py --help" >&2
