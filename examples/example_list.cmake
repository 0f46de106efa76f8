# The example programs, one list for the three places that need them: examples/CMakeLists.txt builds them,
# tests/install_test.sh builds each again against an installed prefix with the vendor's line, and
# tests/CMakeLists.txt runs each under valgrind. Each prints what examples/expected/<name>.txt holds.

# ops-nn samples, built with ops-nn's line: -I include/aclnnop -I include/aclnn, -lopapi_nn -lopapi_math -lascendcl
# -lnnopbase. The install test links the first ten the other ways a CANN build links, too.
set(aclnn_cpu_nn_examples
    layer_norm layer_norm_cascade layer_norm_backward group_norm_swish group_norm_swish_grad
    reflection_pad2d_backward prelu_backward conv_tbc_backward prelu conv_tbc convolution conv_depthwise2d
    convolution_backward_1d convolution_backward_2d convolution_backward_3d
    silu silu_backward gelu gelu_backward gelu_v2 gelu_backward_v2 sigmoid inplace_sigmoid sigmoid_backward
    relu inplace_relu threshold_backward
    softmax softmax_backward log_softmax log_softmax_backward
    batch_norm batch_norm_backward
    embedding embedding_dense_backward apply_adam_w_v2
    matmul mm batch_matmul addmm group_norm group_norm_silu group_norm_backward
    rms_norm rms_norm_grad add_rms_norm
    mse_loss mse_loss_backward mse_loss_grad_v2 nll_loss nll_loss_grad cross_entropy_loss)

# ops-math samples (the pads, arithmetic, cast/copy/fill, unary math, reductions, dropout), built with ops-math's
# line: -I include/aclnn only, -lopapi_math -lascendcl -lnnopbase. The install test links the three pads with
# CANN's combined library too.
set(aclnn_cpu_math_examples
    reflection_pad2d replication_pad2d replication_pad2d_backward
    add inplace_add sub mul inplace_mul muls inplace_muls div
    cast view_copy zero fill_scalar inplace_one inplace_masked_fill_scalar
    neg exp sqrt rsqrt tanh tanh_backward reduce_sum mean
    dropout_gen_mask_v2 dropout_do_mask)

# The two training programs (ops-nn's line): their losses are checked against the same models in PyTorch
# (tests/train/training_torch_test.cpp), not against a fixed output, and they are too long for valgrind.
set(aclnn_cpu_training_examples train_transformer_block train_unet_block)
