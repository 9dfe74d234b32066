#!/usr/bin/env bash
# Makes the base image the Dockerfile builds on where no image registry can be reached (issue 28):
# Debian bookworm from Debian's own packages (debootstrap --variant=minbase), with the project's
# Node 24 (the `node` npm package, as node_modules/node installs it) and the npm running this
# script, and a `node` user (uid 1000) as in the official node images. Prints the image's name on
# its last line. Cached: an image of the same name (Node and npm versions, recipe) is reused.
#
#   bash scripts/container-base.sh            # → bouwsteen-base:node24.21.0-npm11.19.1-r1
#
# Needs root, podman and debootstrap (scripts/container-test.sh installs them), and
# node_modules (npm ci) for the Node binary.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

RECIPE=r1
node_binary=node_modules/node/bin/node
if [[ ! -x $node_binary ]]; then
  echo "container-base: $node_binary is missing; run npm ci first." >&2
  exit 1
fi
node_version=$("$node_binary" -v)
node_version=${node_version#v}
npm_root=$(npm root -g)/npm
npm_version=$(npm -v)
if [[ ! -f $npm_root/package.json ]]; then
  echo "container-base: the npm running this script was not found at $npm_root." >&2
  exit 1
fi
image="bouwsteen-base:node${node_version}-npm${npm_version}-${RECIPE}"
podman_cmd=(podman --runtime runc --cgroup-manager=cgroupfs)

if "${podman_cmd[@]}" image exists "$image"; then
  echo "container-base: $image is cached" >&2
  echo "$image"
  exit 0
fi

# The Debian mirror this machine's apt uses (the same packages, the same trust).
mirror=$(
  { grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}'
    grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2}'
  } | grep -v -- '-security' | head -n 1 || true
)
if [[ -z $mirror ]]; then
  echo "container-base: no Debian mirror found in /etc/apt/sources.list(.d)." >&2
  exit 1
fi

root=$(mktemp -d /var/tmp/bouwsteen-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
echo "container-base: debootstrap bookworm from $mirror into $root" >&2
started=$(date +%s)
debootstrap --variant=minbase bookworm "$root" "$mirror" >&2

# Node 24 as the project's `node` package has it, and the current npm beside it.
install -m 0755 "$node_binary" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_root" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/tmp/* "$root"/usr/share/doc/* "$root"/usr/share/man/*

tar --numeric-owner -C "$root" -c . |
  "${podman_cmd[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["/bin/bash"]' \
    - "$image" >&2
echo "container-base: $image made in $(($(date +%s) - started)) s" >&2
echo "$image"
