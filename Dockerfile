# kubesim as a container image: `docker build -t kubesim .` then
#   docker run --rm -v "$PWD:/work" kubesim check k8s/
# The image runs as an unprivileged user; /work is the working directory to mount into.
FROM python:3.12-slim

# no .pyc files in the image, unbuffered output in `docker logs`, no pip version check
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

COPY . /src
RUN python -m pip install /src \
    && rm -rf /src \
    && useradd --create-home --uid 10001 --shell /usr/sbin/nologin kubesim \
    && mkdir /work && chown kubesim:kubesim /work

USER 10001:10001
WORKDIR /work
ENTRYPOINT ["kubesim"]
CMD ["--help"]
