# aclnn-cpu environment, as CANN's set_env.sh: `source <prefix>/set_env.sh` (bash or zsh).
# Relocatable: the prefix is the directory this file is in, wherever the tree was installed or unpacked.
# Idempotent: sourcing it again changes nothing; each path is added once.

if [ -n "${BASH_SOURCE:-}" ]; then
  _aclnn_cpu_script=${BASH_SOURCE[0]}
elif [ -n "${ZSH_VERSION:-}" ]; then
  eval '_aclnn_cpu_script=${(%):-%x}'
else
  _aclnn_cpu_script=$0
fi
_aclnn_cpu_prefix=$(cd "$(dirname "$_aclnn_cpu_script")" && pwd)

# Puts $2 at the front of the ':'-separated variable named $1, unless it is already in the list.
_aclnn_cpu_prepend() {
  eval "_aclnn_cpu_list=\${$1:-}"
  case ":$_aclnn_cpu_list:" in
    *":$2:"*) ;;
    *) export "$1=$2${_aclnn_cpu_list:+:$_aclnn_cpu_list}" ;;
  esac
}

# CANN's three: the toolkit (headers and lib64/), the same for the newer name, and the operator
# package, whose lib64/ build scripts pass with -L (here the operator libraries are in lib64/ itself).
export ASCEND_HOME_PATH=$_aclnn_cpu_prefix
export ASCEND_TOOLKIT_HOME=$_aclnn_cpu_prefix
export ASCEND_OPP_PATH=$_aclnn_cpu_prefix
_aclnn_cpu_prepend LD_LIBRARY_PATH "$_aclnn_cpu_prefix/lib64"
if [ -d "$_aclnn_cpu_prefix/bin" ]; then _aclnn_cpu_prepend PATH "$_aclnn_cpu_prefix/bin"; fi
if [ -d "$_aclnn_cpu_prefix/python" ]; then _aclnn_cpu_prepend PYTHONPATH "$_aclnn_cpu_prefix/python"; fi
_aclnn_cpu_prepend PKG_CONFIG_PATH "$_aclnn_cpu_prefix/lib64/pkgconfig"
_aclnn_cpu_prepend CMAKE_PREFIX_PATH "$_aclnn_cpu_prefix"

unset _aclnn_cpu_script _aclnn_cpu_prefix _aclnn_cpu_list
unset -f _aclnn_cpu_prepend
