# kubesim as a container image: `docker build -t kubesim .` then, in the directory to check,
#   docker run --rm -v "$PWD:/work" kubesim check k8s/ --format sarif -o kubesim.sarif
# The files kubesim writes into /work belong to the owner of the mounted directory: the
# entrypoint (docker/entrypoint.py) starts as root only to take that owner's uid and gid, and
# drops to them before kubesim runs. `--user "$(id -u):$(id -g)"` works as well: the image
# needs no particular uid (HOME is /tmp, kubesim writes nothing of its own).
FROM python:3.12-slim

# no .pyc files in the image, unbuffered output in `docker logs`, no pip version check;
# a HOME any uid can write
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    HOME=/tmp

# kubesim with Helm's engine as a library (the render extra), and the helm and kubectl programs
# the project pins in .ci/engines.txt (by hash): charts and kustomizations render in the image
COPY . /src
RUN python -m pip install '/src[render]' \
    && python /src/.ci/install_engines.py /usr/local helm kubectl \
    && install -m 0755 /src/docker/entrypoint.py /usr/local/bin/kubesim-entrypoint \
    && rm -rf /src \
    && useradd --no-create-home --uid 10001 --shell /usr/sbin/nologin kubesim \
    && mkdir /work && chown kubesim:kubesim /work

# nothing mounted: /work is kubesim's (uid 10001), so the entrypoint runs kubesim as that user
WORKDIR /work
ENTRYPOINT ["kubesim-entrypoint"]
CMD ["--help"]
