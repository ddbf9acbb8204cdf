package dev.reprise.agent.instrumentation;

import java.util.Arrays;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.pool.TypePool;

/**
 * A private field and an interface whose getter and setter (same name, no argument and one)
 * read and write it, added with plain ASM: the class keeps its methods as they are, so ByteBuddy
 * can decorate it instead of rebasing it (much cheaper at start-up).
 */
final class AddedField extends AsmVisitorWrapper.AbstractBase {
    private final String field;
    private final String descriptor;
    private final String owner;
    private final String accessor;

    /** {@code field} of type {@code type}, read by {@code accessor()} and written by {@code accessor(value)} of {@code owner}. */
    AddedField(String field, Class<?> type, Class<?> owner, String accessor) {
        this.field = field;
        this.descriptor = Type.getDescriptor(type);
        this.owner = Type.getInternalName(owner);
        this.accessor = accessor;
    }

    @Override
    public ClassVisitor wrap(
            TypeDescription instrumentedType,
            ClassVisitor classVisitor,
            Implementation.Context context,
            TypePool typePool,
            FieldList<FieldDescription.InDefinedShape> fields,
            MethodList<?> methods,
            int writerFlags,
            int readerFlags) {
        return new ClassVisitor(Opcodes.ASM9, classVisitor) {
            private String type;

            @Override
            public void visit(
                    int version, int access, String name, String signature, String superName, String[] interfaces) {
                type = name;
                String[] all = interfaces == null ? new String[0] : interfaces;
                if (!Arrays.asList(all).contains(owner)) {
                    all = Arrays.copyOf(all, all.length + 1);
                    all[all.length - 1] = owner;
                }
                super.visit(version, access, name, signature, superName, all);
            }

            @Override
            public void visitEnd() {
                super.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, field, descriptor, null, null)
                        .visitEnd();
                MethodVisitor get = super.visitMethod(Opcodes.ACC_PUBLIC, accessor, "()" + descriptor, null, null);
                get.visitCode();
                get.visitVarInsn(Opcodes.ALOAD, 0);
                get.visitFieldInsn(Opcodes.GETFIELD, type, field, descriptor);
                get.visitInsn(Opcodes.ARETURN);
                get.visitMaxs(1, 1);
                get.visitEnd();
                MethodVisitor set =
                        super.visitMethod(Opcodes.ACC_PUBLIC, accessor, "(" + descriptor + ")V", null, null);
                set.visitCode();
                set.visitVarInsn(Opcodes.ALOAD, 0);
                set.visitVarInsn(Opcodes.ALOAD, 1);
                set.visitFieldInsn(Opcodes.PUTFIELD, type, field, descriptor);
                set.visitInsn(Opcodes.RETURN);
                set.visitMaxs(2, 2);
                set.visitEnd();
                super.visitEnd();
            }
        };
    }
}
